import { LoadError } from '@/components/load-error';
import { Skeletons } from '@/components/ui/skeleton';
import { useWorkOrderCost } from '../api/costs';
import { COST_TEXTS as T } from '../texts';
import { CostFigures } from './cost-split';

/** A work order's cost: parts issued, hours logged (running timers count once stopped), contractors' invoices. */
export function WorkOrderCostSummary({ workOrderId }: { workOrderId: number }) {
  const cost = useWorkOrderCost(workOrderId);
  if (cost.isPending) return <Skeletons count={1} label={T.loading} itemClassName="h-20" />;
  if (cost.isError) return <LoadError error={cost.error} onRetry={() => cost.refetch()} />;
  return <CostFigures cost={cost.data} currency={cost.data.currency} label={T.workOrderTitle} />;
}
