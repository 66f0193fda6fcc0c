import { DeferredPart } from '@/components/deferred-part';
import { LoadError } from '@/components/load-error';
import { Skeletons } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useValveCosts } from '../api/costs';
import { COST_TEXTS as T } from '../texts';
import { CostFigures } from './cost-split';

// The chart library stays out of the valve screen's code; the chart is below the valve's details.
const costChart = async () => (await import('./cost-chart')).CostChart;
const CHART_PLACEHOLDER = { label: T.loadingChart, className: 'h-78 sm:h-96' };

/** A valve's maintenance cost over the last twelve months: the split, how many work orders, and each month's. */
export function ValveCosts({ valveId }: { valveId: number }) {
  const costs = useValveCosts(valveId);
  if (costs.isPending) return <Skeletons count={1} label={T.loading} itemClassName="h-24" />;
  if (costs.isError) return <LoadError error={costs.error} onRetry={() => costs.refetch()} />;
  const { data } = costs;
  const period = T.valvePeriod(formatDate(data.from), formatDate(data.to));
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">
        {period} · {T.valveWorkOrders(data.workOrders)}
      </p>
      <CostFigures cost={data} currency={data.currency} label={T.valveTitle} />
      {data.total > 0 ? (
        <DeferredPart
          load={costChart}
          props={{ months: data.byMonth, currency: data.currency, label: `${T.valveTitle}, ${period}` }}
          placeholder={CHART_PLACEHOLDER}
        />
      ) : null}
    </div>
  );
}
