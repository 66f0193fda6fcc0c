import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { CalendarClock, User } from 'lucide-react';
import { formatPlantDay } from '@/lib/format';
import { plantZone, usePlants } from '@/lib/plants';

/**
 * When the work is due and whose it is: the two lines every view of a work order shows under its valve. Closed work
 * names who closed it (an unassigned order someone completed is not "Unassigned").
 */
export function WorkOrderDueAndAssignee({ workOrder }: { workOrder: WorkOrderSummary }) {
  const plants = usePlants().data;
  return (
    <>
      <p className="flex items-center gap-1.5">
        <CalendarClock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        Due {formatPlantDay(workOrder.dueDate, plantZone(plants, workOrder.valve.plant), TEXTS.workOrders.notSet)}
      </p>
      <p className="flex items-center gap-1.5">
        <User className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        {whoseWork(workOrder)}
      </p>
    </>
  );
}

function whoseWork(workOrder: WorkOrderSummary): string {
  if (workOrder.completedByUser) return `Completed by ${workOrder.completedByUser.name}`;
  if (workOrder.cancelledByUser) return `Cancelled by ${workOrder.cancelledByUser.name}`;
  return workOrder.assignedToUser?.name ?? TEXTS.workOrders.unassigned;
}
