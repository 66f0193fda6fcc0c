import type { PlanTarget } from '@common/schemas/maintenance-plans';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valves } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { tagIn } from '../../lib/valve-tags';

export type TargetValve = { id: number; valveId: string; plant: string; status: string };

/** The condition on valves that a plan's target names (decommissioned valves are never planned). */
export function targetCondition(target: PlanTarget): SQL {
  const parts: SQL[] = [ne(valves.status, 'decommissioned')];
  if (target.valveId !== undefined) parts.push(eq(valves.id, target.valveId));
  if (target.valveType) parts.push(eq(valves.type, target.valveType));
  if (target.plant) parts.push(eq(valves.plant, target.plant));
  if (target.valveTags) parts.push(tagIn(target.valveTags));
  return and(...parts) as SQL;
}

/** The valves a plan covers, within a scope. */
export function valvesOfTarget(db: Database, scope: Scope, target: PlanTarget): Promise<TargetValve[]> {
  return db
    .select({ id: valves.id, valveId: valves.valveId, plant: valves.plant, status: valves.status })
    .from(valves)
    .where(and(valvesInScope(scope), targetCondition(target)))
    .orderBy(valves.valveId);
}
