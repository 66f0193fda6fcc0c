import { sql } from 'drizzle-orm';

/**
 * What parts cost work orders, as rows `(organization_id, work_order_id, spent_on, kind, amount)` for the cost reads
 * (modules/costs): each issue at the unit cost it was taken at, each return as a credit at the cost it came back at,
 * on the day it happened (UTC). An issue's on-hand change is negative, so its cost is the negated product.
 */
export const partCostLines = sql`select m.organization_id, m.work_order_id, (m.at at time zone 'UTC')::date as spent_on,
    'parts'::text as kind, round(-m.quantity * coalesce(m.unit_cost, 0), 2) as amount
  from part_movements m
  where m.kind in ('issue', 'return') and m.work_order_id is not null`;
