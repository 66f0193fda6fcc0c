import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

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
 * Numbers a new work order WO-<year>-<sequence>, inserts it and records its activity, in one statement; resolves
 * to its id. The sequence's upsert locks the organization's row for the year until the commit, so concurrent
 * creations queue there and each gets the next number, and a creation that fails gives its number back (no gap
 * that looks like a deleted order). As one statement, that lock is held for one statement, not four round trips.
 */
export async function raiseNumberedWorkOrder(db: Database, order: NewWorkOrder, now = new Date()): Promise<number> {
  const year = now.getUTCFullYear();
  const { organizationId, title } = order;
  const [created] = await rowsOf<{ id: number }>(
    db,
    sql`
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
      returning id, work_order_id
    )
    insert into activities (organization_id, type, description, entity_type, entity_id, plant)
    select ${organizationId}, 'work_order_created',
      'Work order ' || created.work_order_id || ' ' || ${title}::text || ' raised on ' || ${order.valveTag}::text,
      'work_order', created.id, ${order.plant}
    from created
    returning entity_id as id`,
  );
  return created.id;
}
