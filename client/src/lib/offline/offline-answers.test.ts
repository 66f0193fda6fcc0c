import { beforeEach, describe, expect, it } from 'vitest';
import { clearOfflineAnswers, formatAge, getOfflineAnswers, noteAnswer, oldestShown } from './offline-answers';

describe('offline answers', () => {
  beforeEach(() => clearOfflineAnswers());

  it('remembers a stored answer and forgets it when the server answers again', () => {
    noteAnswer('/api/valves', { offline: true, cachedAt: 1000 });
    expect(getOfflineAnswers().get('/api/valves')).toBe(1000);
    noteAnswer('/api/valves', { offline: false, cachedAt: null });
    expect(getOfflineAnswers().has('/api/valves')).toBe(false);
  });

  it('keeps the same map when nothing changed, so screens do not re-render', () => {
    noteAnswer('/api/valves', { offline: true, cachedAt: 1000 });
    const before = getOfflineAnswers();
    noteAnswer('/api/valves', { offline: true, cachedAt: 1000 });
    noteAnswer('/api/work-orders', { offline: false, cachedAt: null });
    expect(getOfflineAnswers()).toBe(before);
  });

  it('finds the oldest stored copy among the reads on screen only', () => {
    const stored = new Map([
      ['/api/valves', 5000],
      ['/api/valves/1', 3000],
      ['/api/work-orders', 1000],
    ]);
    expect(oldestShown(stored, ['/api/valves', '/api/valves/1'])).toBe(3000);
    expect(oldestShown(stored, ['/api/dashboard/stats'])).toBeNull();
  });
});

describe('formatAge', () => {
  const now = 10 * 24 * 3_600_000;
  it('says how old in a few characters', () => {
    expect(formatAge(now - 20_000, now)).toBe('just now');
    expect(formatAge(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(formatAge(now - 2 * 3_600_000, now)).toBe('2 h ago');
    expect(formatAge(now - 3 * 24 * 3_600_000, now)).toBe('3 days ago');
  });
});
