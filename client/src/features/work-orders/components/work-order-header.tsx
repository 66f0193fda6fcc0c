import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { OverdueBadge, PriorityBadge, WorkOrderStatusBadge } from './work-order-badges';
import { WorkOrderDueAndAssignee } from './work-order-due-and-assignee';

export function WorkOrderHeader({ workOrder }: { workOrder: WorkOrderDetail }) {
  return (
    <header>
      <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold tracking-wide text-slate-600">
        {workOrder.workOrderId}
        <Link
          to={`/valves/${workOrder.valve.id}`}
          className="inline-flex min-h-11 items-center text-base text-sky-800 underline underline-offset-2"
        >
          {workOrder.valve.valveId}
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap gap-1.5">
        <PriorityBadge priority={workOrder.priority} />
        <WorkOrderStatusBadge workOrder={workOrder} />
        {workOrder.overdue ? <OverdueBadge /> : null}
      </div>
      <h1 className="mt-2 text-2xl leading-tight font-bold break-words text-slate-900">{workOrder.title}</h1>
      <div className="mt-3 grid gap-1 text-base text-slate-700">
        <p className="flex items-start gap-1.5">
          <MapPin className="mt-1 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="font-semibold">{workOrder.valve.plant}</span> — {workOrder.valve.location}
          </span>
        </p>
        <WorkOrderDueAndAssignee workOrder={workOrder} />
      </div>
    </header>
  );
}
