import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { CalendarClock, User } from 'lucide-react';
import { formatDate } from '@/lib/format';

/** When the work is due and who does it: the two lines every view of a work order shows under its valve. */
export function WorkOrderDueAndAssignee({ workOrder }: { workOrder: WorkOrderSummary }) {
  return (
    <>
      <p className="flex items-center gap-1.5">
        <CalendarClock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        Due {formatDate(workOrder.dueDate)}
      </p>
      <p className="flex items-center gap-1.5">
        <User className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        {workOrder.assignedToUser?.name ?? TEXTS.workOrders.unassigned}
      </p>
    </>
  );
}
