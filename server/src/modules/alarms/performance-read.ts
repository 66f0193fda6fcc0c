/** The week's alarm performance per plant (performance.ts) read from the alarms, and the same as CSV. */
import { dayOf, endOfPlantDay, utcMidnight } from '@common/plant-days';
import type { AlarmPerformance, AlarmPerformanceQuery, PlantAlarmPerformance } from '@common/schemas/alarms';
import { and, asc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Database } from '../../db/client';
import { alarms, plants, valves } from '../../db/schema';
import { csvCell } from '../../lib/exports/cells';
import type { Scope } from '../../lib/scope';
import { type AlarmHistory, weekPerformance } from './performance';

const DAY = 86_400_000;

/** The Monday (YYYY-MM-DD) of the week holding `day`; without one, of the last full week before `now`. */
export function mondayOf(day: string | undefined, now: Date): string {
  const at = day ? utcMidnight(day) : utcMidnight(dayOf(now.getTime())) - 7 * DAY;
  const sinceMonday = (new Date(at).getUTCDay() + 6) % 7;
  return dayOf(at - sinceMonday * DAY);
}

/** The week from its Monday's midnight to the next Monday's, on the plant's clock. */
export function plantWeek(monday: string, timeZone: string): { from: Date; to: Date } {
  const start = utcMidnight(monday);
  return {
    from: new Date(endOfPlantDay(dayOf(start - DAY), timeZone).getTime() + 1),
    to: new Date(endOfPlantDay(dayOf(start + 6 * DAY), timeZone).getTime() + 1),
  };
}

export async function alarmPerformanceOf(
  db: Database,
  scope: Scope,
  query: AlarmPerformanceQuery,
  now = new Date(),
): Promise<AlarmPerformance> {
  const week = mondayOf(query.week, now);
  const plantRows = await db
    .select({ name: plants.name, timeZone: plants.timeZone })
    .from(plants)
    .where(
      and(
        eq(plants.organizationId, scope.organizationId),
        // The plant asked for, and only among a plant-limited user's plants.
        query.plant ? eq(plants.name, query.plant) : undefined,
        scope.plants ? inArray(plants.name, scope.plants.length ? scope.plants : ['']) : undefined,
        isNull(plants.retiredAt),
      ),
    )
    .orderBy(asc(plants.name));
  const result: PlantAlarmPerformance[] = [];
  for (const plant of plantRows) {
    const span = plantWeek(week, plant.timeZone);
    const history: AlarmHistory[] = await db
      .select({
        valveId: alarms.valveId,
        valveTag: valves.valveId,
        priority: alarms.priority,
        raisedAt: alarms.raisedAt,
        clearedAt: alarms.clearedAt,
        activations: alarms.activations,
        chattering: alarms.chattering,
        acknowledgedAt: alarms.acknowledgedAt,
        shelvedAt: alarms.shelvedAt,
        suppressedAt: alarms.suppressedAt,
      })
      .from(alarms)
      .innerJoin(valves, eq(valves.id, alarms.valveId))
      .where(
        and(
          eq(alarms.organizationId, scope.organizationId),
          eq(valves.plant, plant.name),
          lt(alarms.raisedAt, span.to),
          or(isNull(alarms.clearedAt), gte(alarms.clearedAt, span.from), gte(alarms.shelvedAt, span.from)),
        ),
      );
    result.push({
      plant: plant.name,
      timeZone: plant.timeZone,
      from: span.from.toISOString(),
      to: span.to.toISOString(),
      ...weekPerformance(history, span, now),
    });
  }
  return { week, plants: result };
}

/** One row per plant, the figures in the page's order; the top ten as "tag (count)" in one cell. */
export function alarmPerformanceCsv(performance: AlarmPerformance): string {
  const headers = [
    'Plant',
    'Week from',
    'Week to',
    'Alarms',
    'Alarms per 10 minutes',
    'Peak in 10 minutes',
    'Share of time in flood',
    '10-minute periods in flood',
    'Chattering',
    'Stale (over 24 h)',
    'Shelved',
    'Suppressed',
    'Critical',
    'High',
    'Medium',
    'Low',
    'Acknowledged',
    'Median minutes to acknowledge',
    'Top 10 (valve, alarms)',
  ];
  const rows = performance.plants.map((p) => [
    p.plant,
    p.from,
    p.to,
    p.alarms,
    p.per10Minutes,
    p.peak10Minutes,
    p.floodShare,
    p.floodPeriods,
    p.chattering,
    p.stale,
    p.shelved,
    p.suppressed,
    p.byPriority.critical,
    p.byPriority.high,
    p.byPriority.medium,
    p.byPriority.low,
    p.acknowledged,
    p.medianMinutesToAcknowledge,
    p.top.map((t) => `${t.valveTag} (${t.count})`).join('; '),
  ]);
  return `${Papa.unparse([headers, ...rows].map((row) => row.map(csvCell)))}\r\n`;
}
