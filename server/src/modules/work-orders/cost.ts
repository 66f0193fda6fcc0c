import type { WorkOrderCost } from '@common/schemas/costs';
import type { WorkOrderDetail } from '@common/schemas/work-orders';
import type { Database } from '../../db/client';
import type { JsonText } from '../../db/json';
import type { Scope } from '../../lib/scope';

/**
 * What the ledger (parts, hours, contractors) says a work order cost: handed in by app.ts from the costs domain.
 * `null`: one about to be raised, which has nothing on its ledger yet.
 */
export type WorkOrderCostOf = (db: Database, scope: Scope, id: number | null) => Promise<WorkOrderCost>;

/**
 * The detail's JSON text (built by the database, decisions/006) with its `cost` added at the end, so the detail is
 * still sent as text and kept as one (a ledger write notifies like a work order write, migration 0040).
 */
export function withCost<Entry extends { json: JsonText<WorkOrderDetail> }>(entry: Entry, cost: WorkOrderCost): Entry {
  const json = `${entry.json.slice(0, -1)},"cost":${JSON.stringify(cost)}}` as JsonText<WorkOrderDetail>;
  return { ...entry, json };
}
