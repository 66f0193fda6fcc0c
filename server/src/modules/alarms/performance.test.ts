import { describe, expect, it } from 'vitest';
import { type AlarmHistory, weekPerformance } from './performance';
import { mondayOf, plantWeek } from './performance-read';

const FROM = Date.parse('2026-11-09T00:00:00Z');
const week = { from: new Date(FROM), to: new Date(FROM + 7 * 86_400_000) };
const at = (minutes: number) => new Date(FROM + minutes * 60_000);

function alarm(valve: number, raisedMinute: number, facts: Partial<AlarmHistory> = {}): AlarmHistory {
  return {
    valveId: valve,
    valveTag: `V-${String(valve).padStart(3, '0')}`,
    priority: 'low',
    raisedAt: at(raisedMinute),
    clearedAt: at(raisedMinute + 5),
    activations: [at(raisedMinute).getTime()],
    chattering: false,
    acknowledgedAt: null,
    shelvedAt: null,
    suppressedAt: null,
    ...facts,
  };
}

describe('a constructed week with known answers (ISA-18.2 clause 16)', () => {
  // 100 alarms spread one an hour over valves 1-5, then a flood of 12 in one 10-minute period on valves 6-17, a
  // chattering one, a stale one (active 30 h), one raised the week before and still active (stale across the week),
  // one shelved, one suppressed, and one after the week (not counted).
  const history: AlarmHistory[] = [
    ...Array.from({ length: 100 }, (_, k) =>
      alarm(1 + (k % 5), 60 * k + 30, {
        priority: k % 10 === 0 ? 'high' : k % 5 === 0 ? 'medium' : 'low',
        acknowledgedAt: k < 40 ? at(60 * k + 30 + 4) : null,
      }),
    ),
    ...Array.from({ length: 12 }, (_, k) => alarm(6 + k, 6000 + k * 0.5, { priority: 'critical' })),
    alarm(20, 7000, { chattering: true, activations: [0, 10, 20, 30].map((s) => at(7000).getTime() + s * 1000) }),
    alarm(21, 8000, { clearedAt: at(8000 + 30 * 60) }),
    alarm(22, -3 * 24 * 60, { clearedAt: null }),
    alarm(23, 9000, { shelvedAt: at(9003) }),
    alarm(24, 9100, { suppressedAt: at(9101) }),
    alarm(25, 7 * 24 * 60 + 10),
  ];
  const figures = weekPerformance(history, week, at(8 * 24 * 60));

  it('counts the alarms raised in the week and their rate per 10 minutes', () => {
    expect(figures.alarms).toBe(100 + 12 + 1 + 1 + 1 + 1);
    expect(figures.per10Minutes).toBeCloseTo(116 / 1008, 3);
  });
  it('finds the flood: one 10-minute period of 1,008 with more than 10, the peak 12', () => {
    expect(figures.peak10Minutes).toBe(12);
    expect(figures.floodPeriods).toBe(1);
    expect(figures.floodShare).toBeCloseTo(1 / 1008, 4);
  });
  it('ranks the top 10 alarm points with their share', () => {
    expect(figures.top).toHaveLength(10);
    expect(figures.top.slice(0, 5).map((t) => [t.valveTag, t.count])).toEqual([
      ['V-001', 20],
      ['V-002', 20],
      ['V-003', 20],
      ['V-004', 20],
      ['V-005', 20],
    ]);
    expect(figures.top[0].share).toBeCloseTo(20 / 116, 4);
    expect(figures.top[5].count).toBe(1);
  });
  it('counts chattering, stale (active over 24 h in the week), shelved and suppressed alarms', () => {
    expect(figures.chattering).toBe(1);
    expect(figures.stale).toBe(2);
    expect(figures.shelved).toBe(1);
    expect(figures.suppressed).toBe(1);
  });
  it('splits by priority and times the acknowledgements', () => {
    expect(figures.byPriority).toEqual({ critical: 12, high: 10, medium: 10, low: 84 });
    expect(figures.acknowledged).toBe(40);
    expect(figures.medianMinutesToAcknowledge).toBe(4);
  });
  it('counts a flood above 10 in a 10-minute period, not at 10 (ISA-18.2), and stale past 24 hours, not at 24', () => {
    const burst = (n: number) => Array.from({ length: n }, (_, k) => alarm(100 + k, 600 + k * 0.5));
    expect(weekPerformance(burst(10), week, at(0)).floodPeriods).toBe(0);
    expect(weekPerformance(burst(11), week, at(0)).floodPeriods).toBe(1);
    const lasting = (minutes: number) => [alarm(1, 60, { clearedAt: at(60 + minutes) })];
    expect(weekPerformance(lasting(24 * 60), week, at(8 * 24 * 60)).stale).toBe(0);
    expect(weekPerformance(lasting(24 * 60 + 1), week, at(8 * 24 * 60)).stale).toBe(1);
  });

  it('reads an empty week as zeros, not as an error', () => {
    const empty = weekPerformance([], week, at(0));
    expect(empty).toMatchObject({ alarms: 0, per10Minutes: 0, peak10Minutes: 0, floodShare: 0, top: [] });
    expect(empty.medianMinutesToAcknowledge).toBeNull();
  });
});

describe('the week on the plant’s clock', () => {
  it('takes the Monday of any day, and the last full week by default', () => {
    expect(mondayOf('2026-11-12', new Date())).toBe('2026-11-09');
    expect(mondayOf('2026-11-09', new Date())).toBe('2026-11-09');
    expect(mondayOf('2026-11-15', new Date())).toBe('2026-11-09');
    expect(mondayOf(undefined, new Date('2026-11-20T12:00:00Z'))).toBe('2026-11-09');
    expect(mondayOf(undefined, new Date('2026-11-16T01:00:00Z'))).toBe('2026-11-09');
  });
  it('runs Monday to Monday in the plant’s zone, 169 hours across the end of daylight saving time', () => {
    expect(plantWeek('2026-11-09', 'America/Chicago')).toEqual({
      from: new Date('2026-11-09T06:00:00Z'),
      to: new Date('2026-11-16T06:00:00Z'),
    });
    const dst = plantWeek('2026-10-26', 'America/Chicago');
    expect((dst.to.getTime() - dst.from.getTime()) / 3_600_000).toBe(169);
  });
});
