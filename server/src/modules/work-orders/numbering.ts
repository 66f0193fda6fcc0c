import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JsonText } from '../../db/json';
import { rowsOf } from '../../db/rows';
import { users, valves, workOrders } from '../../db/schema';
import { assigneeOfWorkOrder, creatorOfWorkOrder, workOrderDetailText } from '../../presenters/work-orders';

/** What a new work order is raised with; its number comes from the organization's sequence for the year. */
export type NewWorkOrder = {
  organizationId: number;
  valveId: number;
  title: string;
  description: string;
  priority: string;
  dueDate: Date | null;
  assignedToUserId: number | null;
  /** Null for work a plan raised whose author has gone. */
  createdByUserId: number | null;
  /** For the activity line: the valve's tag and plant. */
  valveTag: string;
  plant: string;
};

/**
 * Numbers a new work order WO-<year>-<sequence>, inserts it and records its activity: the statement's common table
 * expressions, with the new row as `created`. The sequence's upsert locks the organization's row for the year until
 * the commit, so concurrent creations queue there and each gets the next number, and a creation that fails gives its
 * number back (no gap that looks like a deleted order). As one statement, that lock is held for one statement, not
 * four round trips; what follows it until the commit is what every other creation waits for.
 */
function raising(order: NewWorkOrder, now: Date): SQL {
  const year = now.getUTCFullYear();
  const { organizationId, title } = order;
  return sql`
    with next as (
      insert into work_order_sequences (organization_id, year, last) values (${organizationId}, ${year}, 1)
      on conflict (organization_id, year) do update set last = work_order_sequences.last + 1
      returning 'WO-' || year || '-' || lpad(last::text, greatest(4, length(last::text)), '0') as work_order_id
    ), created as (
      insert into work_orders (organization_id, work_order_id, valve_id, title, description, priority, due_date,
        assigned_to_user_id, created_by_user_id)
      select ${organizationId}, next.work_order_id, ${order.valveId}, ${title}, ${order.description},
        ${order.priority}, ${order.dueDate?.toISOString() ?? null}::timestamptz, ${order.assignedToUserId}::integer,
        ${order.createdByUserId}::integer
      from next
      returning *
    ), logged as (
      insert into activities (organization_id, type, description, entity_type, entity_id, plant)
      select ${organizationId}, 'work_order_created',
        'Work order ' || created.work_order_id || ' ' || ${title}::text || ' raised on ' || ${order.valveTag}::text,
        'work_order', created.id, ${order.plant}
      from created
      returning entity_id
    )`;
}

/** Raises a new work order (raising's one statement); resolves to its id. */
export async function raiseNumberedWorkOrder(db: Database, order: NewWorkOrder, now = new Date()): Promise<number> {
  const [created] = await rowsOf<{ id: number }>(db, sql`${raising(order, now)} select id from created`);
  return created.id;
}

/**
 * Raises a new work order and answers its detail in the same statement (issue 31): one round trip fewer while the
 * sequence's lock is held, which every other creation of the organization waits for. The detail is the presenter's,
 * read from the new row (`created`, named as the table), so it is the same text a read of the detail answers.
 */
export async function raiseNumberedWorkOrderDetail(
  db: Database,
  order: NewWorkOrder,
  now = new Date(),
): Promise<JsonText<WorkOrderDetail>> {
  const [created] = await rowsOf<{ json: JsonText<WorkOrderDetail> }>(
    db,
    sql`${raising(order, now)}
    select ${workOrderDetailText} as json
    from created as ${workOrders}
    join ${valves} on ${valves.id} = ${workOrders.valveId}
    left join ${users} as ${sql.identifier('assignee')} on ${assigneeOfWorkOrder}
    left join ${users} as ${sql.identifier('creator')} on ${creatorOfWorkOrder}`,
  );
  return created.json;
}
