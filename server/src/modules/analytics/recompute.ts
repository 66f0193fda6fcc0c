/**
 * Runs the engine over stored data: loads readings and repair history, fits each valve type's Weibull model from
 * the organization's history, and stores predictive analytics and performance metrics (one row per valve).
 */
import type { SensorType } from '@common/constants';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  maintenanceRecords,
  organizations,
  performanceMetrics,
  predictiveAnalytics,
  referencePeriods,
  sensorReadings,
  valves,
  workOrders,
} from '../../db/schema';
import { takeIncoming } from '../../db/upsert';
import { takingTurns } from '../../lib/taking-turns';
import { channelSeriesOf, channelValves, planFor } from './channel-reads';
import { ageHours, assessValve, assessValveChannels, SENSOR_WINDOW_DAYS, specResultsOf } from './engine/assess';
import type { Span } from './engine/condition/types';
import { lifeIntervals, performanceFigures } from './engine/reliability';
import type { Reading, RepairHistory } from './engine/types';
import { type LifeInterval, type WeibullModel, weibullModelFor } from './engine/weibull';
import { type EpisodeRow, episodeRows, replaceEpisodes } from './episodes';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The engine looks at the last 30 days of readings. */
const WINDOW_MS = 30 * DAY;
/**
 * Valves whose readings are loaded per query during a full recompute. PGlite answers a query without yielding the
 * thread, so a chunk's load is a pause for every request: 200 valves' 30 days of hourly readings held them 2.2 s.
 */
const CHUNK = 25;
/** A corrective work order open longer than this was waiting to be scheduled, with the valve still in service. */
export const MAX_REPAIR_HOURS = 24;
const DEFAULT_REPAIR_HOURS = 8;

type ValveFacts = { id: number; organizationId: number; valveId: string; type: string; createdAt: Date };

/**
 * Every valve's repair history in the organization: corrective maintenance records are failures; the repair
 * took the linked work order's span (capped), else a generic repair time.
 */
async function repairHistories(db: Database, organizationId: number, facts: ValveFacts[]) {
  const rows = await db
    .select({
      valveId: maintenanceRecords.valveId,
      type: maintenanceRecords.type,
      at: maintenanceRecords.createdAt,
      orderCreated: workOrders.createdAt,
      orderCompleted: workOrders.completedAt,
    })
    .from(maintenanceRecords)
    .leftJoin(workOrders, eq(workOrders.id, maintenanceRecords.workOrderId))
    .where(eq(maintenanceRecords.organizationId, organizationId))
    .orderBy(asc(maintenanceRecords.createdAt));
  const histories = new Map<number, RepairHistory>();
  for (const f of facts) histories.set(f.id, { installedAt: f.createdAt.getTime(), failures: [] });
  for (const r of rows) {
    const h = histories.get(r.valveId);
    if (!h) continue;
    // The valve was in place by its first record, whenever it was registered in the system.
    h.installedAt = Math.min(h.installedAt, r.at.getTime() - DAY);
    if (r.type !== 'corrective') continue;
    const span =
      r.orderCreated && r.orderCompleted
        ? (r.orderCompleted.getTime() - r.orderCreated.getTime()) / HOUR
        : DEFAULT_REPAIR_HOURS;
    h.failures.push({ at: r.at.getTime(), repairHours: Math.min(MAX_REPAIR_HOURS, Math.max(0.5, span)) });
  }
  return histories;
}

/** One Weibull model per valve type, fitted from every valve of that type in the organization. */
function modelsByType(facts: ValveFacts[], histories: Map<number, RepairHistory>, now: number) {
  const intervals = new Map<string, LifeInterval[]>();
  for (const f of facts) {
    const list = intervals.get(f.type) ?? [];
    list.push(...lifeIntervals(histories.get(f.id) as RepairHistory, now));
    intervals.set(f.type, list);
  }
  const models = new Map<string, WeibullModel>();
  for (const [type, list] of intervals) models.set(type, weibullModelFor(type, list));
  return models;
}

/**
 * The window's readings of these valves, one row per valve and sensor with the times and values as text lists:
 * on the embedded database, decoding row by row cost six times as much as the engine itself.
 */
async function loadReadings(db: Database, valveIds: number[], now: Date): Promise<Map<number, Reading[]>> {
  const from = new Date(now.getTime() - WINDOW_MS);
  const series = await rowsOf<{ valve: number; sensor: SensorType; times: string; values: string }>(
    db,
    sql`
    select ${sensorReadings.valveId} as valve, ${sensorReadings.sensorType} as sensor,
      string_agg((extract(epoch from ${sensorReadings.timestamp}) * 1000)::bigint::text, ',' order by ${sensorReadings.timestamp}) as times,
      string_agg(${sensorReadings.value}::text, ',' order by ${sensorReadings.timestamp}) as "values"
    from ${sensorReadings}
    where ${inArray(sensorReadings.valveId, valveIds)} and ${sensorReadings.timestamp} > ${from}
      and ${sensorReadings.timestamp} <= ${now}
    group by 1, 2`,
  );
  const byValve = new Map<number, Reading[]>();
  for (const row of series) {
    const list = byValve.get(row.valve) ?? [];
    const times = row.times.split(',');
    const values = row.values.split(',');
    for (let i = 0; i < times.length; i++) {
      list.push({ sensorType: row.sensor, t: Number(times[i]), value: Number(values[i]) });
    }
    byValve.set(row.valve, list);
  }
  return byValve;
}

/** The reference periods engineers marked for these valves. */
async function markedPeriods(db: Database, valveIds: number[]): Promise<Map<number, Span>> {
  const rows = await db
    .select({ valveId: referencePeriods.valveId, from: referencePeriods.from, to: referencePeriods.to })
    .from(referencePeriods)
    .where(inArray(referencePeriods.valveId, valveIds));
  return new Map(rows.map((r) => [r.valveId, { from: r.from.getTime(), to: r.to.getTime() }]));
}

async function valveFacts(db: Database, organizationId: number, only?: number[]): Promise<ValveFacts[]> {
  const conditions = [eq(valves.organizationId, organizationId), ne(valves.status, 'decommissioned')];
  if (only) conditions.push(inArray(valves.id, only));
  return db
    .select({
      id: valves.id,
      organizationId: valves.organizationId,
      valveId: valves.valveId,
      type: valves.type,
      createdAt: valves.createdAt,
    })
    .from(valves)
    .where(and(...conditions))
    .orderBy(asc(valves.id));
}

/**
 * Told after a recompute stored the episodes of `valveIds` (their alarms follow them: app.ts hands alarms'
 * `syncAlarms`, so analytics, below alarms, names no domain above it).
 */
export type EpisodesStored = (
  db: Database,
  organizationId: number,
  valveIds: readonly number[],
  now: Date,
) => Promise<void>;

/**
 * Assesses the organization's valves (all of them, or only `only`) and stores the results. The type models are
 * always fitted from the whole organization's history. Returns how many valves were assessed.
 */
export async function recomputeOrganization(
  db: Database,
  organizationId: number,
  options: { only?: number[]; now?: Date; stats?: { rowsRead: number }; episodesStored?: EpisodesStored } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const everyValve = await valveFacts(db, organizationId);
  const takeTurn = takingTurns();
  const histories = await repairHistories(db, organizationId, everyValve);
  await takeTurn();
  const models = modelsByType(everyValve, histories, now.getTime());
  const targets = options.only ? everyValve.filter((v) => options.only?.includes(v.id)) : everyValve;
  for (let i = 0; i < targets.length; i += CHUNK) {
    await takeTurn();
    const chunk = targets.slice(i, i + CHUNK);
    const readings = await loadReadings(
      db,
      chunk.map((v) => v.id),
      now,
    );
    await takeTurn();
    const withChannels = await channelValves(
      db,
      chunk.map((v) => v.id),
    );
    const marked = await markedPeriods(
      db,
      chunk.map((v) => v.id),
    );
    const predictions: (typeof predictiveAnalytics.$inferInsert)[] = [];
    const metrics: (typeof performanceMetrics.$inferInsert)[] = [];
    const episodes: { valveId: number; window: Span; rows: EpisodeRow[] }[] = [];
    for (const v of chunk) {
      await takeTurn();
      const history = histories.get(v.id) as RepairHistory;
      const model = models.get(v.type) as WeibullModel;
      const own = readings.get(v.id) ?? [];
      const channels = withChannels.get(v.id);
      let a: ReturnType<typeof specResultsOf>;
      let window: Span;
      if (channels) {
        // Any channel beyond the spec's three: all of the valve's channels, read from the rollups.
        const plan = planFor(channels, now.getTime(), null);
        const series = await channelSeriesOf(db, channels, plan);
        if (options.stats) options.stats.rowsRead += series.rowsRead;
        window = plan.window;
        a = specResultsOf(
          assessValveChannels({
            valveTag: v.valveId,
            channels: series.channels,
            reference: plan.reference,
            window,
            history,
            model,
          }),
        );
      } else {
        window = { from: now.getTime() - SENSOR_WINDOW_DAYS * DAY, to: now.getTime() };
        a = assessValve({
          valveTag: v.valveId,
          readings: own,
          history,
          model,
          now: now.getTime(),
          reference: marked.get(v.id),
        });
      }
      episodes.push({ valveId: v.id, window, rows: episodeRows(organizationId, v.id, a.monitoring.episodes, now) });
      predictions.push({
        organizationId,
        valveId: v.id,
        healthScore: a.healthScore,
        riskLevel: a.riskLevel,
        failureProbability: a.failureProbability,
        confidenceLevel: a.confidenceLevel,
        recommendedAction: a.recommendedAction,
        trends: a.trends,
        anomalies: a.anomalies,
        computedAt: now,
      });
      const figures = performanceFigures(history, model, ageHours(history, now.getTime()), own, now.getTime());
      metrics.push({ organizationId, valveId: v.id, ...figures, computedAt: now });
    }
    await takeTurn();
    await db.transaction(async (tx) => {
      await replaceEpisodes(tx, episodes);
      await tx
        .insert(predictiveAnalytics)
        .values(predictions)
        .onConflictDoUpdate({
          target: predictiveAnalytics.valveId,
          set: takeIncoming(predictiveAnalytics, [
            'healthScore',
            'riskLevel',
            'failureProbability',
            'confidenceLevel',
            'recommendedAction',
            'trends',
            'anomalies',
            'computedAt',
          ]),
        });
      await tx
        .insert(performanceMetrics)
        .values(metrics)
        .onConflictDoUpdate({
          target: performanceMetrics.valveId,
          set: takeIncoming(performanceMetrics, [
            'availability',
            'reliability',
            'mtbf',
            'mttr',
            'operatingHours',
            'cycleCount',
            'computedAt',
          ]),
        });
    });
  }
  if (targets.length)
    await options.episodesStored?.(
      db,
      organizationId,
      targets.map((v) => v.id),
      now,
    );
  return targets.length;
}

/** Every organization's valves; returns how many were assessed. */
export async function recomputeEverything(
  db: Database,
  now = new Date(),
  episodesStored?: EpisodesStored,
): Promise<number> {
  const orgs = await db.select({ id: organizations.id }).from(organizations).orderBy(asc(organizations.id));
  let total = 0;
  for (const org of orgs) total += await recomputeOrganization(db, org.id, { now, episodesStored });
  return total;
}
