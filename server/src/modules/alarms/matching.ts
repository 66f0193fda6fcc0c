/**
 * Which alarms a valve's anomaly episodes raise, keep and return to normal (pure). A recompute rewrites the
 * episodes of the span it assessed (analytics/episodes.ts), so an episode has no lasting identity: an alarm stands
 * for the episode that overlaps its latest activation, whatever its start moved to on the new assessment.
 */
import { chatters, isRepeat, type Severity, worseSeverity } from './life-cycle';

export type EpisodeFacts = {
  start: Date;
  end: Date | null;
  severity: Severity;
  channels: unknown;
  description: string;
  fault: string | null;
};

export type AlarmActivity = {
  id: number;
  raisedAt: Date;
  lastRaisedAt: Date;
  clearedAt: Date | null;
  activations: number[];
  occurrences: number;
  chattering: boolean;
  severity: Severity;
  channels: unknown;
  description: string;
  fault: string | null;
};

export type NewAlarm = Omit<AlarmActivity, 'id'>;
export type AlarmChanges = { inserts: NewAlarm[]; updates: AlarmActivity[] };

/** Episodes that ended longer ago than this raise no alarm when first seen (a new installation's history). */
export const ALARM_LOOKBACK_MS = 7 * 24 * 3600_000;

const endOf = (e: EpisodeFacts) => e.end?.getTime() ?? Number.POSITIVE_INFINITY;

/**
 * The changes to a valve's alarms given its episodes overlapping the lookback (oldest first) and its latest alarm.
 * Only the latest alarm is live: older ones are history and stay as they are.
 */
export function matchEpisodes(
  episodes: readonly EpisodeFacts[],
  latest: AlarmActivity | null,
  now: Date,
): AlarmChanges {
  const inserts: NewAlarm[] = [];
  const updates = new Map<number, AlarmActivity>();
  let current: AlarmActivity | NewAlarm | null = latest ? { ...latest, activations: [...latest.activations] } : null;
  const wasActive = latest !== null && latest.clearedAt === null;
  let seen = false;
  const since = now.getTime() - ALARM_LOOKBACK_MS;
  const takeContent = (alarm: AlarmActivity | NewAlarm, e: EpisodeFacts) => {
    alarm.severity = worseSeverity(alarm.severity, e.severity);
    alarm.channels = e.channels;
    alarm.description = e.description;
    alarm.fault = e.fault;
  };
  const changed = (alarm: AlarmActivity | NewAlarm) => {
    if ('id' in alarm) updates.set(alarm.id, alarm as AlarmActivity);
  };

  for (const e of episodes) {
    if (endOf(e) < since) continue;
    if (current && current.clearedAt === null) {
      // Active: the episode that reaches past its last activation is its own (or the same one found again).
      if (endOf(e) < current.lastRaisedAt.getTime()) continue;
      if ('id' in current) seen = true;
      takeContent(current, e);
      current.clearedAt = e.end;
      changed(current);
      continue;
    }
    if (current?.clearedAt && e.start.getTime() <= current.clearedAt.getTime()) {
      // The returned alarm's episode, found again reaching further: it is still (or again) the same activation.
      if (endOf(e) > current.clearedAt.getTime()) {
        takeContent(current, e);
        current.clearedAt = e.end;
        changed(current);
      }
      continue;
    }
    if (current && isRepeat(current.clearedAt, e.start.getTime())) {
      // Back within a minute of returning: the same alarm again, grouped (chattering), never a second alarm.
      current.activations.push(e.start.getTime());
      current.occurrences += 1;
      current.lastRaisedAt = e.start;
      current.clearedAt = e.end;
      current.chattering = current.chattering || chatters(current.activations);
      takeContent(current, e);
      changed(current);
      continue;
    }
    const raised: NewAlarm = {
      raisedAt: e.start,
      lastRaisedAt: e.start,
      clearedAt: e.end,
      activations: [e.start.getTime()],
      occurrences: 1,
      chattering: false,
      severity: e.severity,
      channels: e.channels,
      description: e.description,
      fault: e.fault,
    };
    inserts.push(raised);
    current = raised;
  }
  // The active alarm's episode is gone from the new assessment: the valve is back to normal now.
  if (wasActive && !seen) updates.set(latest.id, { ...latest, clearedAt: now });
  return { inserts, updates: [...updates.values()] };
}
