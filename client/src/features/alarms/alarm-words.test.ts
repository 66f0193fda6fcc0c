import type { Alarm, AlarmList } from '@common/schemas/alarms';
import { describe, expect, it } from 'vitest';
import { alarmActions, alarmStateWords, clockTime, needsAcknowledging, withAlarm } from './alarm-words';

const at = (iso: string) => `at ${iso.slice(11, 16)}`;

function alarm(changes: Partial<Alarm> = {}): Alarm {
  return {
    id: 1,
    valveId: 7,
    valveTag: 'V-001-BV',
    plant: 'Power Plant A',
    location: 'Unit 1, feedwater line',
    criticality: 'A',
    priority: 'high',
    severity: 'high',
    state: 'unacknowledged',
    active: true,
    raisedAt: '2026-11-30T09:00:00.000Z',
    lastRaisedAt: '2026-11-30T09:00:00.000Z',
    clearedAt: null,
    occurrences: 1,
    chattering: false,
    channels: [],
    description: 'Stem travel slower than its baseline',
    fault: null,
    advice: 'Check the actuator supply pressure.',
    acknowledgedAt: null,
    acknowledgedBy: null,
    shelvedUntil: null,
    shelveReason: null,
    shelvedBy: null,
    suppressedReason: null,
    workOrder: null,
    ...changes,
  };
}

describe('alarmStateWords', () => {
  it('names the plain states', () => {
    expect(alarmStateWords(alarm(), at)).toBe('Unacknowledged');
    expect(alarmStateWords(alarm({ state: 'acknowledged' }), at)).toBe('Acknowledged');
    expect(alarmStateWords(alarm({ state: 'returned_unacknowledged' }), at)).toBe('Returned, not acknowledged');
    expect(alarmStateWords(alarm({ state: 'normal' }), at)).toBe('Back to normal');
  });

  it('says until when and why an alarm is shelved', () => {
    const shelved = alarm({ state: 'shelved', shelvedUntil: '2026-11-30T14:30:00.000Z', shelveReason: 'Calibration' });
    expect(alarmStateWords(shelved, at)).toBe('Shelved until at 14:30 — Calibration');
  });

  it('says what suppresses an alarm: the work order on its valve, or the valve out of service', () => {
    const workOrder = { id: 12, workOrderId: 'WO-2026-0012', status: 'in_progress' };
    expect(alarmStateWords(alarm({ state: 'suppressed', suppressedReason: 'work_order', workOrder }), at)).toBe(
      'Suppressed: valve under work order WO-2026-0012',
    );
    expect(alarmStateWords(alarm({ state: 'suppressed', suppressedReason: 'work_order' }), at)).toBe(
      'Suppressed: valve under an open work order',
    );
    expect(alarmStateWords(alarm({ state: 'suppressed', suppressedReason: 'out_of_service' }), at)).toBe(
      'Suppressed: valve out of service',
    );
  });
});

describe('alarmActions', () => {
  it('offers acknowledging while an alarm waits for it, active or returned', () => {
    expect(needsAcknowledging(alarm())).toBe(true);
    expect(alarmActions(alarm({ state: 'returned_unacknowledged' })).acknowledge).toBe(true);
    expect(alarmActions(alarm({ state: 'acknowledged' })).acknowledge).toBe(false);
    expect(alarmActions(alarm({ state: 'shelved' })).acknowledge).toBe(false);
  });

  it('shelves an alarm on the list, unshelves a shelved one, and neither for suppressed or normal ones', () => {
    expect(alarmActions(alarm({ state: 'acknowledged' }))).toMatchObject({ shelve: true, unshelve: false });
    expect(alarmActions(alarm({ state: 'shelved' }))).toMatchObject({ shelve: false, unshelve: true });
    expect(alarmActions(alarm({ state: 'suppressed' }))).toMatchObject({ shelve: false, unshelve: false });
    expect(alarmActions(alarm({ state: 'normal' }))).toMatchObject({ shelve: false, unshelve: false });
  });

  it('raises a work order only for an alarm that has none', () => {
    expect(alarmActions(alarm()).workOrder).toBe(true);
    const workOrder = { id: 12, workOrderId: 'WO-2026-0012', status: 'pending' };
    expect(alarmActions(alarm({ workOrder })).workOrder).toBe(false);
  });
});

describe('clockTime', () => {
  it('writes a time today without its day, and another day with it', () => {
    const now = new Date(2026, 10, 30, 15, 0);
    const today = new Date(2026, 10, 30, 14, 30).toISOString();
    const yesterday = new Date(2026, 10, 29, 14, 30).toISOString();
    expect(clockTime(today, now)).not.toMatch(/2026/);
    expect(clockTime(today, now)).toMatch(/30/);
    expect(clockTime(yesterday, now)).toMatch(/2026/);
    expect(clockTime('not a time', now)).toBe('—');
  });
});

describe('withAlarm', () => {
  it("replaces the alarm the server answered with, keeping the list's order and counts", () => {
    const list: AlarmList = {
      items: [alarm({ id: 1 }), alarm({ id: 2, priority: 'low' })],
      counts: { unacknowledged: 2, acknowledged: 0, shelved: 0, suppressed: 0 },
    };
    const next = withAlarm(list, alarm({ id: 2, priority: 'low', state: 'acknowledged' }));
    expect(next.items.map((a) => [a.id, a.state])).toEqual([
      [1, 'unacknowledged'],
      [2, 'acknowledged'],
    ]);
    expect(next.counts).toBe(list.counts);
  });
});
