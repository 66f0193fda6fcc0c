/** The analytics reads of spec §7, each within the caller's scope (organization and plants). */

import { ANALYTICS_LIMITS, COST_ASSUMPTIONS_USD, EARLY_WARNING_SHARE, RISK_GROUPS } from '@common/analytics';
import { SENSOR_TYPES } from '@common/constants';
import {
  type DashboardSensorReading,
  type DashboardSummary,
  dashboardSummary as dashboardSummarySchema,
  type PerformanceMetrics,
  type PredictiveAnalytics,
  type RiskLevel,
  type SensorReading,
  type UpcomingMaintenanceItem,
  type ValveAnalytics,
} from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { and, asc, desc, eq, exists, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { JsonText } from '../../db/json';
import { performanceMetrics, predictiveAnalytics, sensorReadings, valves } from '../../db/schema';
import { nextUtcMidnight } from '../../lib/kept-answers';
import { type Scope, valvesInScope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';
import { presentPerformance, presentPredictive } from './presenter';

const DAY = 86_400_000;
/** When work should happen for a valve at each risk: now, within the week, within the month. */
const DAYS_TO_ACT: Partial<Record<RiskLevel, number>> = { critical: 0, high: 7, medium: 30 };
const RISK_RANK = sql<number>`case ${predictiveAnalytics.riskLevel} when 'critical' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end`;

const inService = (scope: Scope) => and(valvesInScope(scope), ne(valves.status, 'decommissioned'));

/**
 * The dashboard figures (docs/analytics.md § Dashboard): predictedFailures is the expected number of failures in
 * the next 30 days, Σ pᵢ; costSavings the annual projection Σ annual pᵢ · share warned in time · (unplanned −
 * planned cost).
 */
export async function dashboardSummary(db: Database, scope: Scope, now = new Date()): Promise<DashboardSummary> {
  const rows = await db
    .select({
      id: valves.id,
      valveId: valves.valveId,
      location: valves.location,
      plant: valves.plant,
      nextMaintenance: valves.nextMaintenance,
      healthScore: predictiveAnalytics.healthScore,
      riskLevel: predictiveAnalytics.riskLevel,
      failureProbability: predictiveAnalytics.failureProbability,
    })
    .from(valves)
    .leftJoin(predictiveAnalytics, eq(predictiveAnalytics.valveId, valves.id))
    .where(inService(scope))
    .orderBy(asc(valves.id));
  const analysed = rows.filter((r) => r.healthScore !== null);
  const count = (levels: readonly string[]) => analysed.filter((r) => levels.includes(r.riskLevel ?? '')).length;
  const expected30 = analysed.reduce((s, r) => s + (r.failureProbability ?? 0), 0);
  const expectedYear = analysed.reduce((s, r) => s + (1 - (1 - (r.failureProbability ?? 0)) ** (365 / 30)), 0);
  const saving = COST_ASSUMPTIONS_USD.unplannedFailure - COST_ASSUMPTIONS_USD.plannedRepair;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  const upcoming: (UpcomingMaintenanceItem & { rank: number })[] = [];
  for (const r of rows) {
    const risk = (r.riskLevel ?? 'low') as RiskLevel;
    const byRisk = DAYS_TO_ACT[risk];
    const planned = r.nextMaintenance ? Math.max(today, Date.parse(`${r.nextMaintenance}T00:00:00Z`)) : null;
    const candidates = [byRisk === undefined ? null : today + byRisk * DAY, planned].filter(
      (d): d is number => d !== null && d <= today + 30 * DAY,
    );
    if (!candidates.length) continue;
    upcoming.push({
      valve: { id: r.id, valveId: r.valveId, location: r.location, plant: r.plant },
      estimatedDate: new Date(Math.min(...candidates)).toISOString(),
      riskLevel: risk,
      rank: ['low', 'medium', 'high', 'critical'].indexOf(risk),
    });
  }
  upcoming.sort((a, b) => a.estimatedDate.localeCompare(b.estimatedDate) || b.rank - a.rank);

  return {
    totalValves: rows.length,
    averageHealthScore: analysed.length
      ? Math.round((analysed.reduce((s, r) => s + (r.healthScore ?? 0), 0) / analysed.length) * 10) / 10
      : 0,
    predictedFailures: Math.round(expected30),
    costSavings: Math.round((expectedYear * EARLY_WARNING_SHARE * saving) / 100) * 100,
    healthyValves: count(RISK_GROUPS.healthy),
    atRiskValves: count(RISK_GROUPS.atRisk),
    criticalValves: count(RISK_GROUPS.critical),
    upcomingMaintenance: upcoming
      .slice(0, ANALYTICS_LIMITS.upcomingMaintenance)
      .map(({ rank: _rank, ...item }) => item),
  };
}

/**
 * The dashboard of a whole organization as the JSON text its route's serializer would write (the same bytes), to be
 * kept (lib/kept-reads.ts) until its valves or their predictions change, or the next UTC midnight: its upcoming
 * dates count from today.
 */
export async function dashboardSummaryToKeep(
  db: Database,
  scope: Scope,
  now = new Date(),
): Promise<{ json: JsonText<DashboardSummary>; nextDueMs: number }> {
  const summary = await dashboardSummary(db, scope, now);
  return {
    json: JSON.stringify(z.encode(dashboardSummarySchema, summary)) as JsonText<DashboardSummary>,
    nextDueMs: nextUtcMidnight(now),
  };
}

/** The valve the dashboard's trend chart shows: the riskiest in scope that has readings. */
async function watchedValve(db: Database, scope: Scope): Promise<{ id: number; valveId: string } | null> {
  const [row] = await db
    .select({ id: valves.id, valveId: valves.valveId })
    .from(valves)
    .leftJoin(predictiveAnalytics, eq(predictiveAnalytics.valveId, valves.id))
    .where(
      and(
        inService(scope),
        exists(db.select({ one: sql`1` }).from(sensorReadings).where(eq(sensorReadings.valveId, valves.id))),
      ),
    )
    .orderBy(desc(RISK_RANK), asc(sql`coalesce(${predictiveAnalytics.healthScore}, 100)`), asc(valves.id))
    .limit(1);
  return row ?? null;
}

export async function valveInScope(db: Database, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: valves.id, valveId: valves.valveId, location: valves.location, plant: valves.plant })
    .from(valves)
    .where(and(valvesInScope(scope), eq(valves.id, id)));
  if (!row) throw notFound(TEXTS.valves.notFound);
  return row;
}

const presentReading = (r: { timestamp: Date; sensorType: string; value: number; quality: string }) =>
  ({
    timestamp: r.timestamp.toISOString(),
    sensorType: r.sensorType,
    value: r.value,
    quality: r.quality,
  }) as SensorReading;

/** The most recent `limit` readings of one valve (given, or the watched one), oldest first. */
export async function dashboardReadings(
  db: Database,
  scope: Scope,
  query: { valveId?: number; limit: number },
): Promise<DashboardSensorReading[]> {
  const valve = query.valveId ? await valveInScope(db, scope, query.valveId) : await watchedValve(db, scope);
  if (!valve) return [];
  const rows = await db
    .select({
      timestamp: sensorReadings.timestamp,
      sensorType: sensorReadings.sensorType,
      value: sensorReadings.value,
      quality: sensorReadings.quality,
    })
    .from(sensorReadings)
    .where(eq(sensorReadings.valveId, valve.id))
    .orderBy(desc(sensorReadings.timestamp), desc(sensorReadings.sensorType))
    .limit(query.limit);
  return rows.reverse().map((r) => ({ ...presentReading(r), valveId: valve.valveId }));
}

export async function listPredictive(db: Database, scope: Scope): Promise<PredictiveAnalytics[]> {
  const rows = await db
    .select({ p: predictiveAnalytics, tag: valves.valveId })
    .from(predictiveAnalytics)
    .innerJoin(valves, eq(valves.id, predictiveAnalytics.valveId))
    .where(inService(scope))
    .orderBy(asc(valves.id));
  return rows.map((r) => presentPredictive(r.p, r.tag));
}

export async function listPerformance(db: Database, scope: Scope): Promise<PerformanceMetrics[]> {
  const rows = await db
    .select({ m: performanceMetrics, tag: valves.valveId })
    .from(performanceMetrics)
    .innerJoin(valves, eq(valves.id, performanceMetrics.valveId))
    .leftJoin(predictiveAnalytics, eq(predictiveAnalytics.valveId, valves.id))
    .where(inService(scope))
    // Most at risk first, so the Performance tab's first six are the six to look at.
    .orderBy(desc(RISK_RANK), asc(sql`coalesce(${predictiveAnalytics.healthScore}, 100)`), asc(valves.id));
  return rows.map((r) => presentPerformance(r.m, r.tag));
}

/** One valve's analytics: its stored results and the latest 168 readings (a week, hourly) of each sensor. */
export async function valveAnalytics(db: Database, scope: Scope, id: number): Promise<ValveAnalytics> {
  const valve = await valveInScope(db, scope, id);
  const perSensor = (sensorType: string) =>
    db
      .select({
        timestamp: sensorReadings.timestamp,
        sensorType: sensorReadings.sensorType,
        value: sensorReadings.value,
        quality: sensorReadings.quality,
      })
      .from(sensorReadings)
      .where(and(eq(sensorReadings.valveId, id), eq(sensorReadings.sensorType, sensorType)))
      .orderBy(desc(sensorReadings.timestamp))
      .limit(ANALYTICS_LIMITS.valveReadingsPerSensor);
  const [[p], [m], ...series] = await Promise.all([
    db.select().from(predictiveAnalytics).where(eq(predictiveAnalytics.valveId, id)),
    db.select().from(performanceMetrics).where(eq(performanceMetrics.valveId, id)),
    ...SENSOR_TYPES.map(perSensor),
  ]);
  const readings = series
    .flat()
    .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime() || a.sensorType.localeCompare(b.sensorType));
  return {
    id: valve.id,
    valveId: valve.valveId,
    location: valve.location,
    plant: valve.plant,
    predictiveAnalytics: p ? presentPredictive(p, valve.valveId) : null,
    performanceMetrics: m ? presentPerformance(m, valve.valveId) : null,
    sensorReadings: readings.map(presentReading),
  };
}
