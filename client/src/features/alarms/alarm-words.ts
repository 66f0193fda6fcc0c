import type { Alarm, AlarmList } from '@common/schemas/alarms';
import { ALARM_TEXTS } from './texts';

const S = ALARM_TEXTS.states;

/** How an instant is written on an alarm (see `clockTime`); passed in so the words do not depend on the locale. */
export type Clock = (iso: string) => string;

type StateFields = Pick<Alarm, 'state' | 'shelvedUntil' | 'shelveReason' | 'suppressedReason' | 'workOrder'>;

/**
 * An alarm's state as the operator reads it (ISA-18.2 clause 11's states): a shelved alarm says until when and
 * why, a suppressed one what keeps it quiet. The state itself is the server's; only its words are made here.
 */
export function alarmStateWords(alarm: StateFields, clock: Clock): string {
  switch (alarm.state) {
    case 'unacknowledged':
      return S.unacknowledged;
    case 'acknowledged':
      return S.acknowledged;
    case 'returned_unacknowledged':
      return S.returnedUnacknowledged;
    case 'shelved':
      return S.shelved(alarm.shelvedUntil ? clock(alarm.shelvedUntil) : '—', alarm.shelveReason ?? '—');
    case 'suppressed':
      if (alarm.suppressedReason === 'out_of_service') return S.suppressedOutOfService;
      if (alarm.suppressedReason === 'work_order') {
        // The order that suppresses it may be another open order on the valve, not one raised from this alarm.
        return alarm.workOrder ? S.suppressedWorkOrder(alarm.workOrder.workOrderId) : S.suppressedSomeWorkOrder;
      }
      return S.suppressed;
    case 'normal':
      return S.normal;
  }
}

/** An alarm waiting for someone to say they have seen it: the card that must catch the eye first. */
export const needsAcknowledging = (alarm: Pick<Alarm, 'state'>): boolean =>
  alarm.state === 'unacknowledged' || alarm.state === 'returned_unacknowledged';

/**
 * What may be done with an alarm in its state (the user's permissions are checked beside it). Shelving is for an
 * alarm on the operator's list; a suppressed one is already quiet by design, a normal one is over.
 */
export function alarmActions(alarm: Pick<Alarm, 'state' | 'workOrder'>) {
  const onList = alarm.state !== 'shelved' && alarm.state !== 'suppressed' && alarm.state !== 'normal';
  return {
    acknowledge: needsAcknowledging(alarm),
    shelve: onList,
    unshelve: alarm.state === 'shelved',
    workOrder: alarm.workOrder === null,
  };
}

const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const timeWithSeconds = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "14:30" for a time today (on this device's clock), with its day otherwise: a shift reads times, not dates.
 * With seconds for when the list was refreshed, which moves every 15 seconds.
 */
export function clockTime(iso: string, now = new Date(), { seconds = false } = {}): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  if (at.toDateString() !== now.toDateString()) return dayAndTime.format(at);
  return (seconds ? timeWithSeconds : timeOnly).format(at);
}

/**
 * The list with one alarm replaced by the server's answer to a write, so the card shows its new state (its work
 * order's link) at once; the list loads again after it, with the server's order and counts.
 */
export function withAlarm(list: AlarmList, changed: Alarm): AlarmList {
  return { ...list, items: list.items.map((alarm) => (alarm.id === changed.id ? changed : alarm)) };
}
