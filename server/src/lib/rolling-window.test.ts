import { describe, expect, it } from 'vitest';
import { RollingWindow } from './rolling-window';

const SLOT = 10_000;
const WINDOW = 5 * 60_000;

describe('RollingWindow', () => {
  it('reports percentiles within one bucket (10 %) of the exact value', () => {
    const w = new RollingWindow(SLOT, 60);
    const now = 1_000_000_000;
    // 1..1000 ms, one each: p50 500, p95 950, p99 990.
    for (let ms = 1; ms <= 1000; ms++) w.record(ms, false, now);
    const f = w.figures(WINDOW, now);
    expect(f.count).toBe(1000);
    expect(f.p50).toBeGreaterThan(500 * 0.9);
    expect(f.p50).toBeLessThan(500 * 1.1);
    expect(f.p95).toBeGreaterThan(950 * 0.9);
    expect(f.p95).toBeLessThan(950 * 1.1);
    expect(f.p99).toBeGreaterThan(990 * 0.9);
    expect(f.p99).toBeLessThan(990 * 1.1);
  });

  it('counts failures and has no percentiles when empty', () => {
    const w = new RollingWindow(SLOT, 60);
    expect(w.figures(WINDOW, 0)).toEqual({ count: 0, errors: 0, p50: null, p95: null, p99: null });
    w.record(5, true, 0);
    w.record(5, false, 0);
    expect(w.figures(WINDOW, 0)).toMatchObject({ count: 2, errors: 1 });
  });

  it('forgets what fell out of the window and keeps the previous window apart', () => {
    const w = new RollingWindow(SLOT, 60);
    const start = 10 * WINDOW;
    w.record(300, false, start);
    w.record(300, true, start);
    const later = start + WINDOW + SLOT;
    w.record(20, false, later);
    expect(w.figures(WINDOW, later)).toMatchObject({ count: 1, errors: 0 });
    expect(w.figures(WINDOW, later, WINDOW)).toMatchObject({ count: 2, errors: 1 });
    // Two windows on, the ring has reused the old slots: nothing of the first requests is left.
    const muchLater = start + 4 * WINDOW;
    w.record(20, false, muchLater);
    expect(w.figures(WINDOW, muchLater, WINDOW).count).toBe(0);
  });

  it('puts very slow requests in the open-ended bucket without failing', () => {
    const w = new RollingWindow(SLOT, 60);
    w.record(120_000, false, 0);
    expect(w.figures(WINDOW, 0).p99).toBeGreaterThan(50_000);
  });
});
