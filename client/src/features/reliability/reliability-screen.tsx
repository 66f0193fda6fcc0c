import { BAD_ACTOR_LIMIT } from '@common/schemas/reliability';
import { EmptyState } from '@/components/empty-state';
import { ExportLinks } from '@/components/export-links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { Skeletons } from '@/components/ui/skeleton';
import { useAddressChoices } from '@/lib/address-choices';
import { formatDate } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';
import { useBadActors, useReliabilityGroups } from './api/reliability';
import { BadActorTable } from './components/bad-actor-table';
import { OwnFailureCodes } from './components/own-failure-codes';
import { ParetoChart } from './components/pareto-chart';
import { ReliabilityFilterBar } from './components/reliability-filter-bar';
import { ReliabilityGroups } from './components/reliability-groups';
import { paretoRows } from './pareto';
import { filtersFromUrl, scopeOf } from './reliability-filters';
import { RELIABILITY_TEXTS } from './texts';

const T = RELIABILITY_TEXTS.report;

/**
 * /reliability (issue 34): the bad actors of a period (the last twelve months unless chosen) as a Pareto and a
 * ranked table with its downloads, then the valves grouped by plant, area, system, type, maker or model. Every
 * choice lives in the address, so a report is a link. Every role may read it.
 */
export function ReliabilityScreen() {
  const { params, choose } = useAddressChoices();
  const canCode = useCan('failures:code');
  const filters = filtersFromUrl(params);
  const scope = scopeOf(filters);
  const badActors = useBadActors({ ...scope, limit: BAD_ACTOR_LIMIT.default });
  // The groups' failures add up to every failure in scope: what the Pareto's line measures against.
  const groups = useReliabilityGroups(filters);
  const totalFailures = groups.data?.rows.reduce((sum, row) => sum + row.failures, 0);
  const period = groups.data ? { from: groups.data.from, to: groups.data.to } : undefined;

  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <PageHeader title={T.title} />
      <p className="-mt-2 mb-3 text-base text-slate-700">{T.intro}</p>
      <ReliabilityFilterBar filters={filters} period={period} onChoose={choose} />
      <Section id="bad-actors" title={T.badActors}>
        {badActors.isPending ? (
          <Skeletons count={2} label={T.loading} itemClassName="h-40" />
        ) : badActors.isError ? (
          <LoadError error={badActors.error} onRetry={() => badActors.refetch()} />
        ) : badActors.data.length === 0 ? (
          <EmptyState>{T.noFailures}</EmptyState>
        ) : (
          <div className="grid gap-4">
            <ParetoChart
              rows={paretoRows(badActors.data, totalFailures)}
              totalFailures={totalFailures}
              currency={badActors.data[0]?.currency ?? 'USD'}
              label={T.chartLabel(formatDate(period?.from), formatDate(period?.to))}
            />
            <BadActorTable valves={badActors.data} />
            {/* The download has every bad actor of the filters, not only the top ten shown. */}
            <ExportLinks kind="bad-actors" what={T.exportWhat} filters={scope} />
          </div>
        )}
      </Section>
      <Section id="reliability-groups" title={T.groupsTitle(T.groups[filters.groupBy])}>
        <ReliabilityGroups filters={filters} onGroupBy={(groupBy) => choose('groupBy', groupBy)} />
      </Section>
      <Section id="own-failure-codes" title={RELIABILITY_TEXTS.ownCodes.title}>
        <OwnFailureCodes canAdd={canCode} />
      </Section>
    </>
  );
}
