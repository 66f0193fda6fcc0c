import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../lib/seeded-random';
import { assessValve } from './assess';
import { countCycles, lifeIntervals, performanceFigures } from './reliability';
import { runDetectionBenchmark } from './synthetic';
import type { Reading, RepairHistory } from './types';
import {
  conditionalFailureProbability,
  fitWeibull,
  meanLifeHours,
  priorFor,
  type WeibullModel,
  weibullModelFor,
} from './weibull';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 5, 1, 12);
const YEAR_AGO = NOW - 365 * DAY;

const prior: WeibullModel = { ...priorFor('Ball Valve'), source: 'prior', failures: 0, historyWeight: 0 };
const newValve: RepairHistory = { installedAt: YEAR_AGO * 1 - 2 * 365 * DAY, failures: [] };

/** 30 days of hourly readings with small seeded noise; `vibration(h)` may shape the vibration. */
function readings(opts: { days?: number; vibration?: (hoursBeforeNow: number) => number; every?: number } = {}) {
  const random = new SeededRandom(42);
  const days = opts.days ?? 30;
  const out: Reading[] = [];
  for (let h = days * 24 - 1; h >= 0; h -= opts.every ?? 1) {
    const t = NOW - h * HOUR;
    out.push(
      { sensorType: 'temperature', t, value: 300 + random.normal(0, 1), quality: 'good' },
      { sensorType: 'pressure', t, value: 600 + random.normal(0, 4), quality: 'good' },
      { sensorType: 'vibration', t, value: (opts.vibration?.(h) ?? 1.2) + random.normal(0, 0.08), quality: 'good' },
    );
  }
  return out;
}

const assess = (rs: Reading[], now = NOW) =>
  assessValve({ valveTag: 'V-001-BV', readings: rs, history: newValve, model: prior, now });

describe('the engine on series with known answers', () => {
  it('rates a flat series healthy, with a realistic failure probability and no anomaly', () => {
    const a = assess(readings());
    expect(a.riskLevel).toBe('low');
    expect(a.healthScore).toBeGreaterThanOrEqual(95);
    expect(a.failureProbability).toBeGreaterThanOrEqual(0.001);
    expect(a.failureProbability).toBeLessThanOrEqual(0.01);
    expect(a.anomalies).toEqual([]);
    expect(a.confidenceLevel).toBeGreaterThan(0.7);
    expect(a.trends.vibration).toEqual({ trend: 'stable', changePercent: expect.any(Number) });
    expect(Math.abs(a.trends.vibration?.changePercent ?? 99)).toBeLessThan(3);
    expect(a.recommendedAction).toBe('No action needed on V-001-BV; continue routine maintenance.');
  });

  it('raises the risk step by step as vibration drifts steadily upwards', () => {
    // 1.2 mm/s rising 0.1 mm/s a day over the last 20 days: zone A, then B, then C.
    const drift = (h: number) => 1.2 + Math.max(0, 20 * 24 - h) * (0.1 / 24);
    const all = readings({ vibration: drift });
    const order = ['low', 'medium', 'high', 'critical'];
    const seen = [12, 6, 0].map((daysAgo) => {
      const now = NOW - daysAgo * DAY;
      return assess(
        all.filter((r) => r.t <= now),
        now,
      );
    });
    const levels = seen.map((a) => order.indexOf(a.riskLevel));
    expect(levels[0]).toBeLessThan(levels[1]);
    expect(levels[1]).toBeLessThan(levels[2]);
    expect(seen[2].riskLevel).toBe('critical');
    expect(seen[0].failureProbability).toBeLessThan(seen[1].failureProbability);
    expect(seen[1].failureProbability).toBeLessThan(seen[2].failureProbability);
    expect(seen[2].healthScore).toBeLessThan(seen[0].healthScore);
    expect(seen[2].trends.vibration?.trend).toBe('rising');
    const shift = seen[2].anomalies.find((x) => x.sensorType === 'vibration' && x.severity === 'critical');
    expect(shift?.description).toContain('ISO 20816 zone C');
    expect(new Date(shift?.from ?? '').getTime()).toBeLessThan(NOW - 5 * DAY);
    expect(seen[2].recommendedAction).toMatch(/^Take V-001-BV out of service/);
  });

  it('reports a single spike as an anomaly in its hour without making the valve critical', () => {
    const rs = readings();
    const spike = rs.filter((r) => r.sensorType === 'vibration').at(-10) as Reading;
    spike.value = 9.5;
    const a = assess(rs);
    expect(a.anomalies).toHaveLength(1);
    expect(a.anomalies[0]).toMatchObject({
      sensorType: 'vibration',
      severity: 'low',
      from: new Date(spike.t).toISOString(),
      to: new Date(spike.t).toISOString(),
    });
    expect(a.anomalies[0].description).toContain('9.50 mm/s');
    expect(a.riskLevel).toBe('low');
    expect(a.healthScore).toBeGreaterThanOrEqual(90);
  });

  it('gives low confidence when data is missing', () => {
    const full = assess(readings());
    const sparse = assess(readings({ every: 8 }).filter((r) => r.sensorType !== 'pressure'));
    const none = assess([]);
    expect(sparse.confidenceLevel).toBeLessThan(0.5);
    expect(none.confidenceLevel).toBeLessThan(sparse.confidenceLevel);
    expect(full.confidenceLevel - sparse.confidenceLevel).toBeGreaterThan(0.3);
    expect(none.recommendedAction).toMatch(/^Check the sensors on V-001-BV/);
    expect(none.trends).toEqual({});
  });

  it('does not read a dead transmitter stuck at 0 as a pressure loss', () => {
    const rs = readings();
    for (const r of rs.filter((x) => x.sensorType === 'pressure').slice(-16)) r.value = 0;
    const a = assess(rs);
    expect(a.riskLevel).toBe('low');
    expect(a.anomalies).toEqual([
      expect.objectContaining({
        sensorType: 'pressure',
        severity: 'low',
        description: expect.stringMatching(/^The pressure reading has not changed for 15 hours/),
      }),
    ]);
    expect(a.confidenceLevel).toBeLessThan(assess(readings()).confidenceLevel);
    expect(a.recommendedAction).toMatch(/^Check the sensors on V-001-BV/);
  });

  it('judges vibration against the configured zones', () => {
    const rs = readings({ vibration: () => 3.5 });
    const iso = assess(rs);
    const strict = assessValve({
      valveTag: 'V-001-BV',
      readings: rs,
      history: newValve,
      model: prior,
      now: NOW,
      zones: { ab: 0.7, bc: 1.4, cd: 3.0 },
    });
    expect(iso.riskLevel).toBe('high');
    expect(strict.riskLevel).toBe('critical');
  });
});

describe('the Weibull model', () => {
  it('recovers known parameters from censored data', () => {
    const random = new SeededRandom(7);
    const beta = 2;
    const eta = 10_000;
    const intervals = Array.from({ length: 400 }, () => {
      const life = eta * (-Math.log(1 - random.unit())) ** (1 / beta);
      const censorAt = random.between(2_000, 20_000);
      return life < censorAt ? { hours: life, failed: true } : { hours: censorAt, failed: false };
    });
    const fit = fitWeibull(intervals);
    expect(fit?.beta).toBeCloseTo(beta, 0);
    expect(Math.abs((fit?.etaHours ?? 0) / eta - 1)).toBeLessThan(0.1);
  });

  it('falls back to the prior when the history is thin, and leans on the history as it grows', () => {
    const thin = weibullModelFor('Gate Valve', [
      { hours: 5000, failed: true },
      { hours: 40_000, failed: false },
    ]);
    expect(thin).toMatchObject({ ...priorFor('Gate Valve'), source: 'prior', historyWeight: 0 });
    const rich = weibullModelFor(
      'Gate Valve',
      Array.from({ length: 30 }, (_, i) => ({ hours: 2000 + i * 100, failed: i % 2 === 0 })),
    );
    expect(rich.source).toBe('fitted');
    expect(rich.historyWeight).toBeCloseTo(15 / 25);
    expect(rich.etaHours).toBeLessThan(priorFor('Gate Valve').etaHours);
  });

  it('puts a healthy valve of every type between 0.1 % and 1 % per 30 days at mid-life', () => {
    for (const type of ['Ball Valve', 'Gate Valve', 'Globe Valve', 'Check Valve', 'Safety Relief Valve']) {
      const p = conditionalFailureProbability(priorFor(type), 5 * 8766, 720);
      expect(p).toBeGreaterThan(0.001);
      expect(p).toBeLessThan(0.01);
    }
  });
});

describe('performance metrics', () => {
  const history: RepairHistory = {
    installedAt: NOW - 1000 * HOUR,
    failures: [
      { at: NOW - 600 * HOUR, repairHours: 10 },
      { at: NOW - 200 * HOUR, repairHours: 30 },
    ],
  };

  it('splits the history into failed and censored lives', () => {
    expect(lifeIntervals(history, NOW)).toEqual([
      { hours: 400, failed: true },
      { hours: 390, failed: true },
      { hours: 170, failed: false },
    ]);
  });

  it('derives availability, MTBF, MTTR and operating hours from the repairs', () => {
    const f = performanceFigures(history, priorFor('Ball Valve'), 170, [], NOW);
    expect(f.operatingHours).toBe(960);
    expect(f.mtbf).toBe(480);
    expect(f.mttr).toBe(20);
    expect(f.availability).toBeCloseTo(480 / 500, 4);
    expect(f.reliability).toBeGreaterThan(0.9);
    expect(f.cycleCount).toBe(0);
  });

  it('uses the type mean life while a valve has never failed', () => {
    const f = performanceFigures({ installedAt: NOW - 100 * HOUR, failures: [] }, priorFor('Ball Valve'), 100, [], NOW);
    expect(f.mtbf).toBe(Math.round(meanLifeHours(priorFor('Ball Valve'))));
  });

  it('counts one cycle per swing of the pressure', () => {
    const rs: Reading[] = Array.from({ length: 24 * 5 }, (_, h) => ({
      sensorType: 'pressure',
      t: h * HOUR,
      value: 600 + 20 * Math.sin((2 * Math.PI * h) / 24),
      quality: 'good',
    }));
    expect(countCycles(rs)).toBe(4);
  });
});

describe('the detection benchmark', () => {
  it('ranks the degrading valves high or critical 7 days before failure and ignores sensor glitches', () => {
    const r = runDetectionBenchmark();
    console.info(
      `detection: precision ${r.precision.toFixed(2)}, recall ${r.recall.toFixed(2)}, glitch valves flagged ${r.glitchFlags}/${r.glitchValves}`,
    );
    expect(r).toMatchObject({ valves: 200, degrading: 20, glitchValves: 10 });
    expect(r.precision).toBeGreaterThanOrEqual(0.9);
    expect(r.recall).toBeGreaterThanOrEqual(0.9);
    expect(r.glitchFlags).toBeLessThanOrEqual(1);
  });
});
