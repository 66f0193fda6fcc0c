/**
 * Alarm performance as ISA-18.2 (2016, clause 16 and its Table 8 of metrics, after EEMUA 191) measures it, for one
 * operator position over one week (pure; one plant is one position here). Each alarm counts once when raised:
 * repeats within a minute are grouped into it and never annunciated again (life-cycle.ts isRepeat).
 */
import { ALARM_PRIORITIES, ALARM_TARGETS, type PlantAlarmPerformance } from '@common/schemas/alarms';

export type AlarmHistory = {
  valveId: number;
  valveTag: string;
  priority: string;
  raisedAt: Date;
  clearedAt: Date | null;
  activations: number[];
  chattering: boolean;
  acknowledgedAt: Date | null;
  shelvedAt: Date | null;
  suppressedAt: Date | null;
};

const TEN_MINUTES = 10 * 60_000;
const HOUR = 3600_000;

const median = (values: number[]) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The figures of the alarms touching [from, to), as of `now` (an alarm still active is active until now). */
export function weekPerformance(
  history: readonly AlarmHistory[],
  week: { from: Date; to: Date },
  now: Date,
): Omit<PlantAlarmPerformance, 'plant' | 'timeZone' | 'from' | 'to'> {
  const from = week.from.getTime();
  const to = week.to.getTime();
  const within = (at: number) => at >= from && at < to;
  const raised = history.filter((a) => within(a.raisedAt.getTime()));

  // Fixed 10-minute periods from the week's start (a DST week has 1,002 or 1,014 of them).
  const periods = Math.ceil((to - from) / TEN_MINUTES);
  const perPeriod = new Array<number>(periods).fill(0);
  for (const a of raised) perPeriod[Math.floor((a.raisedAt.getTime() - from) / TEN_MINUTES)] += 1;
  const floodPeriods = perPeriod.filter((n) => n > ALARM_TARGETS.floodAbove).length;

  const byValve = new Map<number, { valveId: number; valveTag: string; count: number }>();
  for (const a of raised) {
    const entry = byValve.get(a.valveId) ?? { valveId: a.valveId, valveTag: a.valveTag, count: 0 };
    entry.count += 1;
    byValve.set(a.valveId, entry);
  }
  const top = [...byValve.values()]
    .sort((a, b) => b.count - a.count || a.valveTag.localeCompare(b.valveTag))
    .slice(0, 10)
    .map((v) => ({ ...v, share: round(v.count / raised.length, 4) }));

  // Stale: active more than 24 hours at some instant of the week.
  const stale = history.filter((a) => {
    const end = Math.min(a.clearedAt?.getTime() ?? now.getTime(), to);
    return Math.max(from, a.raisedAt.getTime() + ALARM_TARGETS.staleHours * HOUR) < end;
  }).length;

  const byPriority = Object.fromEntries(ALARM_PRIORITIES.map((p) => [p, 0])) as PlantAlarmPerformance['byPriority'];
  for (const a of raised) if (a.priority in byPriority) byPriority[a.priority as keyof typeof byPriority] += 1;
  const acknowledged = raised.filter((a) => a.acknowledgedAt !== null);
  const minutesToAcknowledge = median(
    acknowledged.map((a) => ((a.acknowledgedAt as Date).getTime() - a.raisedAt.getTime()) / 60_000),
  );

  return {
    alarms: raised.length,
    per10Minutes: round(raised.length / periods, 3),
    peak10Minutes: Math.max(0, ...perPeriod),
    floodShare: round(floodPeriods / periods, 4),
    floodPeriods,
    top,
    chattering: history.filter((a) => a.chattering && a.activations.some(within)).length,
    stale,
    shelved: history.filter((a) => a.shelvedAt !== null && within(a.shelvedAt.getTime())).length,
    suppressed: history.filter((a) => a.suppressedAt !== null && within(a.suppressedAt.getTime())).length,
    byPriority,
    acknowledged: acknowledged.length,
    medianMinutesToAcknowledge: minutesToAcknowledge === null ? null : round(minutesToAcknowledge, 1),
  };
}
