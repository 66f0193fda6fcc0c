import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { Section } from '@/components/section';
import { WorkOrderDowntime } from '@/features/reliability/components/work-order-downtime';
import { WorkOrderFailure } from '@/features/reliability/components/work-order-failure';
import { RELIABILITY_TEXTS } from '@/features/reliability/texts';
import { useCan } from '@/lib/session/use-can';

const T = RELIABILITY_TEXTS.workOrder;

/**
 * The work order's failure and downtime (issue 34), under its details: what failed (reported at completion, coded
 * again later by whoever has failures:code) and when the valve was out of service. Periods are added or removed
 * until the order is closed or cancelled.
 */
export function FailureAndDowntime({ workOrder }: { workOrder: WorkOrderDetail }) {
  const canWork = useCan('work-orders:work');
  const writable = canWork && workOrder.closedAt === null && workOrder.status !== 'cancelled';
  return (
    <section aria-label={T.title}>
      <Section id="work-order-failure" title={T.failureTitle}>
        <WorkOrderFailure
          workOrderId={workOrder.id}
          completed={workOrder.status === 'completed'}
          raisedAt={workOrder.createdAt}
        />
      </Section>
      <Section id="work-order-downtime" title={T.downtimeTitle}>
        <WorkOrderDowntime workOrderId={workOrder.id} writable={writable} />
      </Section>
    </section>
  );
}
