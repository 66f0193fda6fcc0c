import { priorityTone, workOrderStatusStyle } from '@common/status-styles';
import { Badge } from '@/components/ui/badge';

export function WorkOrderStatusBadge({ status }: { status: string }) {
  const { label, tone } = workOrderStatusStyle(status);
  return <Badge tone={tone}>{label}</Badge>;
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
