import { describe, expect, it } from 'vitest';
import { chatters, controlRoomOrder, priorityOf, stateOf, suppressionOf } from './life-cycle';
import { type AlarmActivity, type EpisodeFacts, matchEpisodes } from './matching';

const T0 = Date.parse('2026-11-20T08:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const episode = (from: number, to: number | null, severity: EpisodeFacts['severity'] = 'medium'): EpisodeFacts => ({
  start: at(from),
  end: to === null ? null : at(to),
  severity,
  channels: [],
  description: `episode at ${from}`,
  fault: null,
});
const stored = (changes: ReturnType<typeof matchEpisodes>, id = 1): AlarmActivity => ({ id, ...changes.inserts[0] });

describe('priority from severity and criticality (ISA-18.2 11.4)', () => {
  it('raises a critical valve one level and lowers a low one', () => {
    expect(priorityOf('critical', 'A')).toBe('critical');
    expect(priorityOf('critical', 'C')).toBe('high');
    expect(priorityOf('high', 'A')).toBe('critical');
    expect(priorityOf('high', 'B')).toBe('high');
    expect(priorityOf('medium', 'A')).toBe('high');
    expect(priorityOf('medium', 'B')).toBe('medium');
    expect(priorityOf('medium', 'C')).toBe('low');
    expect(priorityOf('low', 'A')).toBe('medium');
    expect(priorityOf('low', 'C')).toBe('low');
    // The rest of the matrix (docs/analytics.md): every cell once.
    expect(priorityOf('critical', 'B')).toBe('critical');
    expect(priorityOf('high', 'C')).toBe('medium');
    expect(priorityOf('low', 'B')).toBe('low');
  });
});

describe('alarm states and their transitions', () => {
  const now = at(60);
  const base = { clearedAt: null, acknowledgedAt: null, shelvedUntil: null, suppressedReason: null };
  it('walks active → acknowledged → normal, and active → returned → normal', () => {
    expect(stateOf(base, now)).toBe('unacknowledged');
    expect(stateOf({ ...base, acknowledgedAt: at(5) }, now)).toBe('acknowledged');
    expect(stateOf({ ...base, acknowledgedAt: at(5), clearedAt: at(30) }, now)).toBe('normal');
    expect(stateOf({ ...base, clearedAt: at(30) }, now)).toBe('returned_unacknowledged');
  });
  it('shelves until the stated time, then comes back by itself', () => {
    expect(stateOf({ ...base, shelvedUntil: at(61) }, now)).toBe('shelved');
    expect(stateOf({ ...base, shelvedUntil: at(60) }, now)).toBe('unacknowledged');
  });
  it('suppression by design overrides shelving and acknowledgement', () => {
    expect(stateOf({ ...base, shelvedUntil: at(90), suppressedReason: 'work_order' }, now)).toBe('suppressed');
    expect(suppressionOf('maintenance', false)).toBe('out_of_service');
    expect(suppressionOf('decommissioned', false)).toBe('out_of_service');
    expect(suppressionOf('active', true)).toBe('work_order');
    expect(suppressionOf('overdue', false)).toBeNull();
  });
  it('orders the control room list: unacknowledged first, then priority, then newest', () => {
    const rows = [
      { name: 'acked critical', state: 'acknowledged' as const, priority: 'critical' as const, lastRaisedAt: at(50) },
      { name: 'unacked low new', state: 'unacknowledged' as const, priority: 'low' as const, lastRaisedAt: at(55) },
      { name: 'unacked high old', state: 'unacknowledged' as const, priority: 'high' as const, lastRaisedAt: at(1) },
      { name: 'unacked high new', state: 'unacknowledged' as const, priority: 'high' as const, lastRaisedAt: at(9) },
      {
        name: 'returned',
        state: 'returned_unacknowledged' as const,
        priority: 'critical' as const,
        lastRaisedAt: at(2),
      },
    ];
    expect(rows.sort(controlRoomOrder).map((r) => r.name)).toEqual([
      'unacked high new',
      'unacked high old',
      'unacked low new',
      'returned',
      'acked critical',
    ]);
  });
  it('calls more than 3 activations within a minute chattering, and 3 not', () => {
    const s = (seconds: number[]) => seconds.map((x) => T0 + x * 1000);
    expect(chatters(s([0, 20, 40]))).toBe(false);
    expect(chatters(s([0, 20, 40, 59]))).toBe(true);
    expect(chatters(s([0, 20, 40, 61]))).toBe(false);
  });
});

describe('episodes raise, keep and clear alarms', () => {
  const now = at(120);
  it('raises one alarm for a new episode and keeps it on the next assessment, whose start moved', () => {
    const first = matchEpisodes([episode(10, null)], null, now);
    expect(first.inserts).toHaveLength(1);
    expect(first.inserts[0].clearedAt).toBeNull();
    const again = matchEpisodes([episode(8, null, 'high')], stored(first), at(130));
    expect(again.inserts).toHaveLength(0);
    expect(again.updates).toHaveLength(1);
    expect(again.updates[0].severity).toBe('high');
  });
  it('returns to normal when the episode ends, at its end', () => {
    const first = matchEpisodes([episode(10, null)], null, now);
    const ended = matchEpisodes([episode(10, 40)], stored(first), at(130));
    expect(ended.updates[0].clearedAt).toEqual(at(40));
  });
  it('returns to normal now when a new assessment no longer finds the episode', () => {
    const first = matchEpisodes([episode(10, null)], null, now);
    const gone = matchEpisodes([], stored(first), at(130));
    expect(gone.updates[0].clearedAt).toEqual(at(130));
  });
  it('keeps the worst severity while it lasts', () => {
    const first = matchEpisodes([episode(10, null, 'critical')], null, now);
    expect(matchEpisodes([episode(10, null, 'low')], stored(first), now).updates[0].severity).toBe('critical');
  });
  it('raises a second alarm for a later episode after a quiet spell', () => {
    const first = matchEpisodes([episode(10, 20)], null, now);
    const later = matchEpisodes([episode(10, 20), episode(60, null)], stored(first), now);
    expect(later.inserts).toHaveLength(1);
    expect(later.inserts[0].raisedAt).toEqual(at(60));
    expect(later.updates).toHaveLength(0);
  });
  it('groups an episode back within a minute into the same alarm, and marks it chattering past 3 in a minute', () => {
    const s = (second: number) => new Date(T0 + second * 1000);
    const burst: EpisodeFacts[] = [0, 15, 30, 45].map((x) => ({ ...episode(0, 0), start: s(x), end: s(x + 5) }));
    const first = matchEpisodes(burst.slice(0, 1), null, now);
    const grouped = matchEpisodes(burst, stored(first), now);
    expect(grouped.inserts).toHaveLength(0);
    expect(grouped.updates[0].occurrences).toBe(4);
    expect(grouped.updates[0].chattering).toBe(true);
    const fromScratch = matchEpisodes(burst, null, now);
    expect(fromScratch.inserts).toHaveLength(1);
    expect(fromScratch.inserts[0].occurrences).toBe(4);
  });
  it('raises nothing for episodes that ended before the lookback', () => {
    expect(matchEpisodes([episode(-8 * 24 * 60, -8 * 24 * 60 + 30)], null, now).inserts).toHaveLength(0);
  });
});
