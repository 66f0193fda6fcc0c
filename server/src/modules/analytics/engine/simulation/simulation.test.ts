import { describe, expect, it } from 'vitest';
import { assessValveChannels } from '../assess';
import { rollupFor } from '../condition/rollup';
import { priorFor } from '../weibull';
import { HEALTHY, STANDARD_PLANT, solveLoop } from './loop';
import { DEFAULT_RUN, simulateRun } from './runs';
import { channelsOf, countPoints, scoresOf } from './scoring';

const healthy = { ...HEALTHY, supplyBar: STANDARD_PLANT.supplyBar };

describe('the pump-and-valve loop', () => {
  it('follows the physics: more opening, more flow and current, less pressure before the valve', () => {
    const at = (travel: number) => solveLoop(STANDARD_PLANT, healthy, travel, 1, STANDARD_PLANT.backPressure);
    const [low, high] = [at(35), at(75)];
    expect(high.flow).toBeGreaterThan(2 * low.flow);
    expect(high.current).toBeGreaterThan(low.current);
    expect(high.upstream).toBeLessThan(low.upstream);
    expect(high.downstream).toBeGreaterThan(low.downstream);
  });

  it('moves channels both ways under faults', () => {
    const base = solveLoop(STANDARD_PLANT, healthy, 50, 1, 1.5);
    const blocked = solveLoop(STANDARD_PLANT, { ...healthy, kvFactor: 0.6 }, 50, 1, 1.5);
    expect(blocked.flow).toBeLessThan(0.8 * base.flow);
    expect(blocked.upstream).toBeGreaterThan(base.upstream);
    expect(blocked.current).toBeLessThan(base.current);
    const leaking = solveLoop(STANDARD_PLANT, { ...healthy, leakKv: 4 }, 50, 1, 1.5);
    expect(leaking.flow).toBeGreaterThan(1.15 * base.flow);
    const cavitating = solveLoop(STANDARD_PLANT, { ...healthy, backPressureDrop: 1.4 }, 35, 1, 1.5);
    expect(cavitating.vibration).toBeGreaterThan(1.5 * solveLoop(STANDARD_PLANT, healthy, 35, 1, 1.5).vibration);
  });

  it('is seeded: the same run twice', () => {
    const settings = {
      ...DEFAULT_RUN,
      seed: 3,
      durationS: 600,
      referenceS: 300,
      faults: 1,
      faultS: [60, 120] as const,
    };
    const a = simulateRun(settings);
    const b = simulateRun(settings);
    expect(a.faults).toEqual(b.faults);
    expect(Array.from(a.channels[2].values.slice(0, 50))).toEqual(Array.from(b.channels[2].values.slice(0, 50)));
  });
});

describe("the engine's results on a simulated valve", () => {
  const run = simulateRun({
    ...DEFAULT_RUN,
    seed: 11,
    durationS: 3600,
    referenceS: 1200,
    faults: 1,
    faultKinds: ['blockage'],
    faultS: [600, 900],
    dwellS: [60, 240],
  });
  const [fault] = run.faults;
  const model = { ...priorFor('Globe Valve'), source: 'prior' as const, failures: 0, historyWeight: 0 };
  const history = { installedAt: run.reference.from - 3 * 365 * 86_400_000, failures: [] };
  const assess = (to: number) => {
    const window = { from: run.scored.from, to };
    const rollups = { reference: rollupFor(run.reference, 1), window: rollupFor(window, 1) };
    const channels = channelsOf({ ...run, scored: window }, rollups);
    return assessValveChannels({ valveTag: 'V-042-GL', channels, reference: run.reference, window, history, model });
  };

  it('find the blockage as an episode, point by point', () => {
    const a = assess(run.scored.to);
    const scores = scoresOf(countPoints(run, a.monitoring.episodes));
    expect(scores.f1).toBeGreaterThan(0.8);
    expect(scores.falseAlarmRate).toBeLessThan(0.05);
    const episode = a.monitoring.episodes.find((e) => e.start < fault.to && (e.end ?? Infinity) > fault.from);
    expect(episode?.explanation?.fault).toBe('blockage');
    expect(episode?.channels[0]).toMatchObject({ channel: 'flow', direction: 'down' });
  });

  it('rate the valve by the episode still open, and list it in the spec anomalies', () => {
    const during = assess(fault.from + 5 * 60_000);
    expect(['high', 'critical']).toContain(during.riskLevel);
    expect(during.recommendedAction).toMatch(/likely a partial blockage/);
    expect(during.anomalies[0]).toMatchObject({ sensorType: 'flow', severity: 'critical' });
    expect(during.monitoring.channels.find((c) => c.channel === 'flow')?.condition).toBeGreaterThan(0.4);

    const after = assess(run.scored.to);
    expect(after.riskLevel).toBe('low');
    expect(after.healthScore).toBeGreaterThan(90);
    const listed = after.anomalies.find((x) => x.sensorType === 'flow');
    expect(new Date(listed?.to ?? 0).getTime()).toBeLessThan(run.scored.to);
  });
});
