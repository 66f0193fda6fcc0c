import { priorityTone, REVIEW_STAGES, reviewStage, workOrderStatusStyle } from '@common/status-styles';
import { Badge } from '@/components/ui/badge';

/**
 * The stored status (spec §4's words), and for completed work where its review stands: Awaiting approval,
 * Approved or Closed (issue 29), so a closed order never reads as merely completed.
 */
export function WorkOrderStatusBadge({
  workOrder,
}: {
  workOrder: { status: string; approvedAt?: string | null; closedAt?: string | null };
}) {
  const { label, tone } = workOrderStatusStyle(workOrder.status);
  const stage = reviewStage(workOrder);
  return (
    <>
      <Badge tone={tone}>{label}</Badge>
      {stage ? <Badge tone={REVIEW_STAGES[stage].tone}>{REVIEW_STAGES[stage].label}</Badge> : null}
    </>
  );
}

/** Spec §2.8: '<priority> Priority', capitalised as a label. */
export function PriorityBadge({ priority }: { priority: string }) {
  const label = priority.charAt(0).toUpperCase() + priority.slice(1);
  return <Badge tone={priorityTone(priority)}>{`${label} Priority`}</Badge>;
}

/** Overdue is derived (open and past due), shown beside the stored status rather than replacing it. */
export function OverdueBadge() {
  return <Badge tone="danger">{workOrderStatusStyle('overdue').label}</Badge>;
}
