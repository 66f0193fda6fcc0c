import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { Section } from '@/components/section';
import { useWorkOrderCost } from '@/features/costs/api/costs';
import { WorkOrderCostSummary } from '@/features/costs/components/work-order-cost';
import { COST_TEXTS } from '@/features/costs/texts';
import { WorkOrderContractors } from '@/features/labor/components/work-order-contractors';
import { WorkOrderLabor } from '@/features/labor/components/work-order-labor';
import { LABOR_TEXTS } from '@/features/labor/texts';
import { WorkOrderParts } from '@/features/parts/components/work-order-parts';
import { PARTS_TEXTS } from '@/features/parts/texts';
import { useValve } from '@/features/valves/api/get-valve';

/**
 * The work order's Parts & Labor tab (issue 33): what it cost, the parts reserved and issued (those that fit the
 * valve's model suggested), and the hours (a timer and Log hours). Parts and hours go on while it is open.
 */
export function PartsAndLabor({ workOrder }: { workOrder: WorkOrderDetail }) {
  const open = workOrder.status !== 'completed' && workOrder.status !== 'cancelled';
  const valve = useValve(workOrder.valve.id);
  const cost = useWorkOrderCost(workOrder.id);
  return (
    <>
      <Section id="work-order-cost" title={COST_TEXTS.workOrderTitle}>
        <WorkOrderCostSummary workOrderId={workOrder.id} />
      </Section>
      <Section id="work-order-parts" title={PARTS_TEXTS.workOrder.title}>
        <WorkOrderParts
          workOrderId={workOrder.id}
          model={valve.data?.model ?? ''}
          open={open}
          currency={cost.data?.currency ?? 'USD'}
        />
      </Section>
      <Section id="work-order-labor" title={LABOR_TEXTS.title}>
        <WorkOrderLabor workOrderId={workOrder.id} open={open} />
      </Section>
      <Section id="work-order-contractors" title={LABOR_TEXTS.contractors.title}>
        <WorkOrderContractors workOrderId={workOrder.id} />
      </Section>
    </>
  );
}
