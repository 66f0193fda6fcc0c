import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { ChevronRight, Gauge, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { interactiveCardClasses } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { OverdueBadge, PriorityBadge, WorkOrderStatusBadge } from './work-order-badges';
import { WorkOrderDueAndAssignee } from './work-order-due-and-assignee';

/** One work order as a tappable card opening its detail screen. */
export function WorkOrderCard({ workOrder, className }: { workOrder: WorkOrderSummary; className?: string }) {
  const { valve } = workOrder;
  return (
    <Link to={`/work-orders/${workOrder.id}`} className={cn(interactiveCardClasses, 'p-4', className)}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-semibold tracking-wide text-slate-600">{workOrder.workOrderId}</p>
        <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
      </div>
      <p className="mt-0.5 text-lg leading-snug font-bold break-words text-slate-900">{workOrder.title}</p>
      <div className="mt-2 flex flex-wrap gap-1.5">
        <WorkOrderStatusBadge workOrder={workOrder} />
        <PriorityBadge priority={workOrder.priority} />
        {workOrder.overdue ? <OverdueBadge /> : null}
      </div>
      <div className="mt-3 grid gap-1 text-base text-slate-700">
        <p className="flex items-center gap-1.5">
          <Gauge className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="font-semibold">{valve.valveId}</span>
        </p>
        <p className="flex items-start gap-1.5">
          <MapPin className="mt-1 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {valve.plant} — {valve.location}
          </span>
        </p>
        <WorkOrderDueAndAssignee workOrder={workOrder} />
      </div>
    </Link>
  );
}
