/**
 * The alarm life cycle, pure (ANSI/ISA-18.2-2016 clause 11, IEC 62682:2014): an alarm's priority, its state at an
 * instant, the control room's order and the chattering rule. No I/O: sync.ts and service.ts apply it.
 */
import type { ValveCriticality } from '@common/constants';
import {
  ALARM_PRIORITIES,
  type AlarmPriority,
  type AlarmState,
  type AlarmSuppressionReason,
  CHATTER,
} from '@common/schemas/alarms';
import type { AnomalySeverity } from '@common/schemas/analytics';

export type Severity = AnomalySeverity;
const SEVERITY_RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 };
const CRITICALITY_STEP: Record<ValveCriticality, number> = { A: 1, B: 0, C: -1 };

/**
 * Priority from the consequence (the valve's criticality) and the urgency (the episode's severity), the two axes
 * ISA-18.2 (11.4) and EEMUA 191 set priorities by: a critical valve's alarm goes up one level, a low one's down one.
 *
 *   severity \ criticality   A          B          C
 *   critical                 critical   critical   high
 *   high                     critical   high       medium
 *   medium                   high       medium     low
 *   low                      medium     low        low
 */
export function priorityOf(severity: Severity, criticality: ValveCriticality): AlarmPriority {
  const rank = Math.max(0, Math.min(3, SEVERITY_RANK[severity] + CRITICALITY_STEP[criticality]));
  return ALARM_PRIORITIES[3 - rank];
}

/** The worse of two severities: an alarm keeps the worst its episode reached while it lasts. */
export const worseSeverity = (a: Severity, b: Severity): Severity => (SEVERITY_RANK[a] >= SEVERITY_RANK[b] ? a : b);

export type AlarmFacts = {
  clearedAt: Date | null;
  acknowledgedAt: Date | null;
  shelvedUntil: Date | null;
  suppressedReason: AlarmSuppressionReason | null;
};

/**
 * The state at `now`: returned and acknowledged is the end of it (normal); before that, suppression by design
 * overrides the rest (the alarm is not shown as needing action while its valve is out of service or being worked
 * on), then shelving until its time runs out (it comes back by itself), then ISA's active or returned, acknowledged
 * or not.
 */
export function stateOf(alarm: AlarmFacts, now: Date): AlarmState {
  const acknowledged = alarm.acknowledgedAt !== null;
  if (alarm.clearedAt !== null && acknowledged) return 'normal';
  if (alarm.suppressedReason) return 'suppressed';
  if (alarm.shelvedUntil && alarm.shelvedUntil > now) return 'shelved';
  if (alarm.clearedAt === null) return acknowledged ? 'acknowledged' : 'unacknowledged';
  return acknowledged ? 'normal' : 'returned_unacknowledged';
}

const STATE_RANK: Record<AlarmState, number> = {
  unacknowledged: 0,
  returned_unacknowledged: 1,
  acknowledged: 2,
  shelved: 3,
  suppressed: 4,
  normal: 5,
};

/**
 * The control room's order (ISA-18.2 11.6; EEMUA 191's alarm list): what waits for the operator first (active and
 * unacknowledged, then returned and unacknowledged), then the standing ones; within each, the most urgent priority,
 * then the newest activation.
 */
export function controlRoomOrder(
  a: { state: AlarmState; priority: AlarmPriority; lastRaisedAt: Date },
  b: { state: AlarmState; priority: AlarmPriority; lastRaisedAt: Date },
): number {
  return (
    STATE_RANK[a.state] - STATE_RANK[b.state] ||
    ALARM_PRIORITIES.indexOf(a.priority) - ALARM_PRIORITIES.indexOf(b.priority) ||
    b.lastRaisedAt.getTime() - a.lastRaisedAt.getTime()
  );
}

/** Whether activations (epoch ms, ascending) hold more than CHATTER.times within any CHATTER.withinMs. */
export function chatters(activations: readonly number[]): boolean {
  for (let i = CHATTER.times; i < activations.length; i++) {
    if (activations[i] - activations[i - CHATTER.times] <= CHATTER.withinMs) return true;
  }
  return false;
}

/**
 * Whether a new activation at `at` is the same alarm going active again (grouped, never annunciated twice): it
 * comes within a chattering span of the alarm's last return to normal.
 */
export function isRepeat(lastClearedAt: Date | null, at: number): boolean {
  return lastClearedAt !== null && at - lastClearedAt.getTime() <= CHATTER.withinMs;
}

/**
 * Suppressed by design (ISA-18.2 11.8.3): the valve is out of service (in maintenance or decommissioned) or has a
 * work order in progress, when its readings are expected to be off. A work order only planned does not suppress:
 * a preventive order due next month must not hide today's alarm.
 */
export function suppressionOf(valveStatus: string, workInProgress: boolean): AlarmSuppressionReason | null {
  if (valveStatus === 'maintenance' || valveStatus === 'decommissioned') return 'out_of_service';
  return workInProgress ? 'work_order' : null;
}
