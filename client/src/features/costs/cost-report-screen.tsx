import { COST_GROUPS, type CostGroup } from '@common/schemas/costs';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeletons } from '@/components/ui/skeleton';
import { useAddressChoices } from '@/lib/address-choices';
import { formatDate, formatMoney } from '@/lib/format';
import { useCostReport } from './api/costs';
import { CostChart } from './components/cost-chart';
import { CostFigures } from './components/cost-split';
import { COST_TEXTS } from './texts';

const T = COST_TEXTS.report;

/**
 * /reports/costs (issue 33): what maintenance cost over a period (the last twelve months unless chosen), by month
 * and by plant, valve, type or maker, costliest first. The choices live in the address, so a report is a link.
 */
export function CostReportScreen() {
  const { params, choose } = useAddressChoices();
  const groupBy = (COST_GROUPS as readonly string[]).includes(params.get('groupBy') ?? '')
    ? (params.get('groupBy') as CostGroup)
    : 'plant';
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const report = useCostReport({ groupBy, from, to });

  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <PageHeader title={T.title} />
      <p className="-mt-2 mb-3 text-base text-slate-700">{T.intro}</p>
      <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Field label={T.from}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={from ?? report.data?.from ?? ''}
              onChange={(e) => choose('from', e.target.value)}
            />
          )}
        </Field>
        <Field label={T.to}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={to ?? report.data?.to ?? ''}
              onChange={(e) => choose('to', e.target.value)}
            />
          )}
        </Field>
        <Field label={T.groupBy} className="col-span-2 sm:col-span-1">
          {(control) => (
            <Select {...control} value={groupBy} onChange={(e) => choose('groupBy', e.target.value)}>
              {COST_GROUPS.map((group) => (
                <option key={group} value={group}>
                  {T.groups[group]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {report.isPending ? (
        <Skeletons count={3} label={COST_TEXTS.loading} itemClassName="h-32" />
      ) : report.isError ? (
        <LoadError error={report.error} onRetry={() => report.refetch()} />
      ) : (
        <>
          <CostFigures cost={report.data.total} currency={report.data.currency} label={T.title} />
          {report.data.rows.length === 0 ? (
            <div className="mt-4">
              <EmptyState>{T.none}</EmptyState>
            </div>
          ) : (
            <>
              <div className="mt-4">
                <CostChart
                  months={report.data.byMonth}
                  currency={report.data.currency}
                  label={T.chartLabel(formatDate(report.data.from), formatDate(report.data.to))}
                />
              </div>
              <Section id="cost-rows" title={`${T.groups[groupBy]}: ${T.rows.toLowerCase()}`}>
                <ul
                  aria-label={T.rows}
                  className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
                >
                  {report.data.rows.map((row) => (
                    <li key={row.key} className="grid gap-0.5 p-3">
                      <span className="flex flex-wrap justify-between gap-2">
                        <span className="font-semibold text-slate-900">
                          {row.valveId ? (
                            <Link to={`/valves/${row.valveId}`} className="underline">
                              {row.key}
                            </Link>
                          ) : (
                            row.key
                          )}
                        </span>
                        <span className="font-bold text-slate-900">{formatMoney(row.total, report.data.currency)}</span>
                      </span>
                      <span className="text-sm text-slate-600">
                        {COST_TEXTS.parts} {formatMoney(row.parts, report.data.currency)} · {COST_TEXTS.labor}{' '}
                        {formatMoney(row.labor, report.data.currency)} · {COST_TEXTS.contractor}{' '}
                        {formatMoney(row.contractor, report.data.currency)} · {T.workOrders(row.workOrders)}
                      </span>
                    </li>
                  ))}
                </ul>
              </Section>
            </>
          )}
        </>
      )}
    </>
  );
}
