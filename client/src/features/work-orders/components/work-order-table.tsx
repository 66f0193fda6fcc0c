import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { Link } from 'react-router';
import { formatPlantDay } from '@/lib/format';
import { plantZone, usePlants } from '@/lib/plants';
import { OverdueBadge, PriorityBadge, WorkOrderStatusBadge } from './work-order-badges';

/** The list as a table, for a supervisor's laptop: one row per order, the number opening it. */
export function WorkOrderTable({ orders }: { orders: WorkOrderSummary[] }) {
  const plants = usePlants().data;
  return (
    <table
      aria-label="Work orders"
      className="w-full table-fixed border-collapse overflow-hidden rounded-lg bg-white text-left text-sm shadow-sm"
    >
      <thead className="bg-slate-200 text-slate-700">
        <tr>
          {/* Fixed columns leave the title at least a fifth of a 1,024 px table, so it never runs under the valve. */}
          <th className="w-28 p-2">Number</th>
          <th className="p-2">Title</th>
          <th className="w-24 p-2">Valve</th>
          <th className="w-28 p-2">Plant</th>
          <th className="w-28 p-2">Status</th>
          <th className="w-40 p-2">Priority</th>
          <th className="w-28 p-2">Due</th>
          <th className="w-28 p-2">Assigned to</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className="border-t border-slate-200 align-top hover:bg-slate-50">
            <td className="p-2 font-semibold">
              <Link to={`/work-orders/${order.id}`} className="text-sky-800 underline underline-offset-2">
                {order.workOrderId}
              </Link>
            </td>
            <td className="p-2 break-words">{order.title}</td>
            <td className="p-2">{order.valve.valveId}</td>
            <td className="p-2">{order.valve.plant}</td>
            <td className="p-2">
              <div className="flex flex-wrap gap-1">
                <WorkOrderStatusBadge workOrder={order} />
                {order.overdue ? <OverdueBadge /> : null}
              </div>
            </td>
            <td className="p-2">
              <PriorityBadge priority={order.priority} />
            </td>
            <td className="p-2">
              {formatPlantDay(order.dueDate, plantZone(plants, order.valve.plant), TEXTS.workOrders.notSet)}
            </td>
            <td className="p-2">{order.assignedToUser?.name ?? TEXTS.workOrders.unassigned}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
