import { type ModeCount, RELIABILITY_GROUPS, type ReliabilityGroupRow } from '@common/schemas/reliability';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Skeletons } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';
import { useReliabilityGroups } from '../api/reliability';
import type { ReliabilityFilters } from '../reliability-filters';
import { formatHours, RELIABILITY_TEXTS } from '../texts';
import { hoursOr } from './bad-actor-table';

const T = RELIABILITY_TEXTS.report;

/**
 * The valves rolled up by the chosen grouping: per group its valves, failures (and per valve-year, to compare groups
 * of unlike size), MTBF, MTTR, downtime, cost and its failure modes as chips ("INL 5").
 */
export function ReliabilityGroups({
  filters,
  onGroupBy,
}: {
  filters: ReliabilityFilters;
  onGroupBy: (groupBy: string) => void;
}) {
  const groups = useReliabilityGroups(filters);
  const by = T.groups[filters.groupBy];
  return (
    <div className="grid gap-3">
      <Field label={T.groupBy} className="sm:max-w-xs">
        {(control) => (
          <Select {...control} value={filters.groupBy} onChange={(event) => onGroupBy(event.target.value)}>
            {RELIABILITY_GROUPS.map((group) => (
              <option key={group} value={group}>
                {T.groups[group]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {groups.isPending ? (
        <Skeletons count={2} label={T.loading} itemClassName="h-28" />
      ) : groups.isError ? (
        <LoadError error={groups.error} onRetry={() => groups.refetch()} />
      ) : groups.data.rows.length === 0 ? (
        <EmptyState>{T.noGroups}</EmptyState>
      ) : (
        <ul aria-label={T.groupsTitle(by)} className="grid gap-2 md:grid-cols-2">
          {groups.data.rows.map((row) => (
            <GroupCard key={row.key} row={row} currency={groups.data.currency} />
          ))}
        </ul>
      )}
    </div>
  );
}

function GroupCard({ row, currency }: { row: ReliabilityGroupRow; currency: string }) {
  const figures: [string, string][] = [
    [T.valves, String(row.valves)],
    [T.perValveYear, row.failuresPerValveYear.toFixed(2)],
    [T.mtbf, hoursOr(row.mtbfHours)],
    [T.mttr, hoursOr(row.mttrHours)],
    [T.downtime, formatHours(row.downtimeHours)],
    [T.cost, formatMoney(row.cost, currency)],
  ];
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3">
      <p className="flex items-baseline justify-between gap-2">
        <span className="min-w-0 text-lg font-bold break-words text-slate-900">{row.key || '–'}</span>
        <span className="text-base font-bold whitespace-nowrap text-slate-900">{T.failuresCount(row.failures)}</span>
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
        {figures.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-base font-semibold break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <ModeChips modes={row.modes} />
    </li>
  );
}

/** The group's failure modes, most frequent first, each its code and count; the words on hover and to readers. */
function ModeChips({ modes }: { modes: ModeCount[] }) {
  if (modes.length === 0) return <p className="mt-2 text-sm text-slate-600">{T.noModes}</p>;
  return (
    <ul aria-label={T.modes} className="mt-2 flex flex-wrap gap-1.5">
      {modes.map((mode) => (
        <li
          key={mode.code}
          title={mode.label}
          className="rounded-full border border-slate-300 bg-slate-100 px-2.5 py-1 text-sm font-semibold text-slate-800"
        >
          <abbr title={mode.label} className="no-underline">
            {mode.code}
          </abbr>{' '}
          {mode.count}
          <span className="sr-only"> · {mode.label}</span>
        </li>
      ))}
    </ul>
  );
}
