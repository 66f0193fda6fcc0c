import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { performanceMetrics, predictiveAnalytics } from '../../db/schema';

/** What preventive plans read of the analytics for a valve: its meters and its condition, as last recomputed. */
export type ValveFigures = {
  operatingHours: number | null;
  cycleCount: number | null;
  failureProbability: number | null;
  healthScore: number | null;
  anomalies: number;
  /** When the condition was assessed (null: never). */
  assessedAt: Date | null;
};

/** The figures of the given valves of one organization, by valve id; a valve never analysed is absent. */
export async function valveFigures(
  db: Database,
  organizationId: number,
  valveIds: number[],
): Promise<Map<number, ValveFigures>> {
  const out = new Map<number, ValveFigures>();
  if (!valveIds.length) return out;
  const rows = await db
    .select({
      valveId: predictiveAnalytics.valveId,
      failureProbability: predictiveAnalytics.failureProbability,
      healthScore: predictiveAnalytics.healthScore,
      anomalies: sql<number>`jsonb_array_length(${predictiveAnalytics.anomalies})`.mapWith(Number),
      assessedAt: predictiveAnalytics.computedAt,
      operatingHours: performanceMetrics.operatingHours,
      cycleCount: performanceMetrics.cycleCount,
    })
    .from(predictiveAnalytics)
    .leftJoin(performanceMetrics, eq(performanceMetrics.valveId, predictiveAnalytics.valveId))
    .where(and(eq(predictiveAnalytics.organizationId, organizationId), inArray(predictiveAnalytics.valveId, valveIds)));
  for (const { valveId, ...figures } of rows) out.set(valveId, figures);
  return out;
}
