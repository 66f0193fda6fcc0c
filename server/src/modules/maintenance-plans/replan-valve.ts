import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenancePlans, valves } from '../../db/schema';
import { valveFigures } from '../analytics';
import { historyOf, NO_HISTORY, nextDueDay, setNextMaintenance } from './generate';
import { targetCondition } from './targets';

/**
 * After work on a planned valve is completed: its next maintenance is its plans' earliest next day, in the same
 * transaction. The valve's own interval (which completion restarts) must not stand, even for the 15 minutes until
 * the generation pass: failed checks never postpone maintenance, and a yearly interval would read "all clear" for a
 * valve planned monthly (issue 29). A valve no plan dates keeps what completion set.
 */
export async function replanValve(db: Database, organizationId: number, valveId: number, now: Date): Promise<void> {
  const plans = await db
    .select()
    .from(maintenancePlans)
    .where(and(eq(maintenancePlans.organizationId, organizationId), eq(maintenancePlans.active, true)));
  const covering = [];
  // A target is JSON turned into SQL by targetCondition: one small look-up per plan of the organization.
  for (const plan of plans) {
    const [hit] = await db
      .select({ id: valves.id })
      .from(valves)
      .where(and(eq(valves.id, valveId), eq(valves.organizationId, organizationId), targetCondition(plan.target)));
    if (hit) covering.push(plan);
  }
  if (!covering.length) return;
  const histories = await historyOf(
    db,
    covering.map((p) => p.id),
  );
  const figures = covering.some((p) => p.trigger.kind === 'meter')
    ? await valveFigures(db, organizationId, [valveId])
    : new Map();
  let earliest: string | null = null;
  for (const plan of covering) {
    const history = histories.get(`${plan.id}:${valveId}`) ?? NO_HISTORY;
    const day = nextDueDay(plan, history, figures.get(valveId), now);
    if (day && (!earliest || day < earliest)) earliest = day;
  }
  if (earliest) await setNextMaintenance(db, new Map([[valveId, earliest]]), now);
}
