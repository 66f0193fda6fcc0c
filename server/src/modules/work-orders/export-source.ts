import { workOrderExportQuery } from '@common/schemas/exports';
import { and, asc, eq, gt, gte, lte } from 'drizzle-orm';
import { valves, workOrders } from '../../db/schema';
import { exportSource, inWords } from '../../lib/exports/source';
import { valvesInScope } from '../../lib/scope';
import { assignee, assigneeOfWorkOrder, overdueWorkOrder } from '../../presenters/work-orders';

/**
 * The work order list as a file (decisions/107): the list's scope (its valve's plant), filtered by plant, status,
 * priority and when it was raised, in keyset pages on the id (oldest first, the order they were raised in).
 */
export const workOrderExport = exportSource({
  kind: 'work-orders',
  filters: workOrderExportQuery,
  columns: [
    { header: 'Work order ID', cell: (w: WorkOrderRow) => w.workOrderId, width: 16 },
    { header: 'Title', cell: (w) => w.title, width: 36 },
    { header: 'Status', cell: (w) => inWords(w.status) },
    { header: 'Overdue', cell: (w) => (w.overdue ? 'Yes' : 'No') },
    { header: 'Priority', cell: (w) => inWords(w.priority) },
    { header: 'Valve ID', cell: (w) => w.valveTag, width: 16 },
    { header: 'Plant', cell: (w) => w.plant, width: 20 },
    { header: 'Assigned to', cell: (w) => w.assignedTo, width: 20 },
    { header: 'Due', cell: (w) => w.dueDate, width: 20 },
    { header: 'Created', cell: (w) => w.createdAt, width: 20 },
    { header: 'Completed', cell: (w) => w.completedAt, width: 20 },
  ],
  page: (db, scope, query, after, size) =>
    db
      .select(fields)
      .from(workOrders)
      .innerJoin(valves, eq(valves.id, workOrders.valveId))
      .leftJoin(assignee, assigneeOfWorkOrder)
      .where(
        and(
          valvesInScope(scope),
          eq(workOrders.organizationId, scope.organizationId),
          query.plant ? eq(valves.plant, query.plant) : undefined,
          query.status ? eq(workOrders.status, query.status) : undefined,
          query.priority ? eq(workOrders.priority, query.priority) : undefined,
          query.from ? gte(workOrders.createdAt, query.from) : undefined,
          query.to ? lte(workOrders.createdAt, query.to) : undefined,
          after ? gt(workOrders.id, after.id) : undefined,
        ),
      )
      .orderBy(asc(workOrders.id))
      .limit(size),
});

const fields = {
  id: workOrders.id,
  workOrderId: workOrders.workOrderId,
  title: workOrders.title,
  status: workOrders.status,
  overdue: overdueWorkOrder,
  priority: workOrders.priority,
  valveTag: valves.valveId,
  plant: valves.plant,
  assignedTo: assignee.name,
  dueDate: workOrders.dueDate,
  createdAt: workOrders.createdAt,
  completedAt: workOrders.completedAt,
};
type WorkOrderRow = {
  id: number;
  workOrderId: string;
  title: string;
  status: string;
  overdue: boolean;
  priority: string;
  valveTag: string;
  plant: string;
  assignedTo: string | null;
  dueDate: Date | null;
  createdAt: Date;
  completedAt: Date | null;
};
