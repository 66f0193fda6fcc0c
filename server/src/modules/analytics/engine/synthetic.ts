/**
 * Synthetic valves with known truth, for the engine's tests and the detection benchmark: healthy valves, valves
 * degrading towards a failure (vibration drift, temperature rise, pressure loss) and valves whose sensors glitch.
 * Seeded, so every run sees the same plant.
 */
import { VALVE_TYPES } from '@common/constants';
import { SeededRandom } from '../../../lib/seeded-random';
import { assessValve } from './assess';
import type { Reading, RepairHistory, RiskLevel } from './types';
import { priorFor, type WeibullModel } from './weibull';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type Degradation = 'vibration' | 'temperature' | 'pressure';
export type Glitch = 'spikes' | 'dropout' | 'stuck' | 'noise';
export type SyntheticValve = {
  tag: string;
  type: string;
  truth: 'healthy' | 'degrading' | 'glitch';
  degradation?: Degradation;
  glitch?: Glitch;
  readings: Reading[];
  history: RepairHistory;
};

type Profile = {
  tempF: number;
  pressurePsi: number;
  vibration: number;
  /** Benign drift over the window, as a fraction (a process that moves a little). */
  drift: number;
};

/** Hourly readings for `days` up to `now`; `wear(t)` returns 0-1 towards the failure threshold. */
function series(
  random: SeededRandom,
  p: Profile,
  now: number,
  days: number,
  degradation: Degradation | undefined,
  wear: (t: number) => number,
): Reading[] {
  const out: Reading[] = [];
  const end = Math.floor(now / HOUR) * HOUR;
  const hours = days * 24;
  const k = {
    vibration: random.between(2, 4),
    temperature: random.between(0.12, 0.18),
    pressure: random.between(0.15, 0.25),
  };
  for (let h = 0; h < hours; h++) {
    const t = end - (hours - 1 - h) * HOUR;
    const daily = Math.sin((2 * Math.PI * (h % 24)) / 24);
    const drift = (p.drift * h) / hours;
    const w = wear(t);
    const vib = p.vibration * (1 + drift + (degradation === 'vibration' ? k.vibration * w : 0));
    const temp = p.tempF * (1 + 0.01 * daily + drift + (degradation === 'temperature' ? k.temperature * w : 0));
    const pres = p.pressurePsi * (1 + 0.02 * daily + drift - (degradation === 'pressure' ? k.pressure * w : 0));
    out.push(
      { sensorType: 'temperature', t, value: round(temp + random.normal(0, p.tempF * 0.005)), quality: 'good' },
      { sensorType: 'pressure', t, value: round(pres + random.normal(0, p.pressurePsi * 0.01)), quality: 'good' },
      {
        sensorType: 'vibration',
        t,
        value: round(Math.max(0.05, vib + random.normal(0, p.vibration * 0.1))),
        quality: 'good',
      },
    );
  }
  return out;
}

function addGlitch(random: SeededRandom, readings: Reading[], kind: Glitch): void {
  const sensor = random.pick(['temperature', 'pressure', 'vibration'] as const);
  const own = readings.filter((r) => r.sensorType === sensor);
  const n = own.length;
  switch (kind) {
    case 'spikes':
      for (let i = 0; i < random.int(3, 8); i++) {
        const r = own[random.int(0, n - 1)];
        r.value = round(r.value * random.between(3, 10));
      }
      break;
    case 'dropout':
      for (let b = 0; b < random.int(1, 3); b++) {
        const at = random.int(0, n - 3);
        for (let i = at; i < at + random.int(1, 3); i++) own[i].value = 0;
      }
      break;
    case 'stuck': {
      // The transmitter freezes in the last day: the hardest place, where the recent level is taken.
      const hours = random.int(6, 20);
      for (let i = n - hours; i < n; i++) own[i].value = own[n - hours - 1].value;
      break;
    }
    case 'noise': {
      const at = random.int(n - 48, n - 4);
      for (let i = at; i < at + 3; i++) own[i].value = round(own[i].value * random.between(0.3, 2.5));
      break;
    }
  }
}

function makeValve(random: SeededRandom, index: number, now: number, truth: SyntheticValve['truth']): SyntheticValve {
  const type = VALVE_TYPES[index % VALVE_TYPES.length];
  const profile: Profile = {
    tempF: random.between(120, 600),
    pressurePsi: random.between(100, 1500),
    vibration: random.between(0.6, 2),
    drift: random.between(-0.01, 0.01),
  };
  let degradation: Degradation | undefined;
  let glitch: Glitch | undefined;
  let wear = (_t: number) => 0;
  if (truth === 'degrading') {
    degradation = (['vibration', 'temperature', 'pressure'] as const)[index % 3];
    // Failure 7 days after `now`; wear starts 14-28 days before it and accelerates (a P-F curve).
    const failureAt = now + 7 * DAY;
    const onset = failureAt - random.int(14, 28) * DAY;
    wear = (t) => (t <= onset ? 0 : ((t - onset) / (failureAt - onset)) ** 1.5);
  }
  const readings = series(random, profile, now, 30, degradation, wear);
  if (truth === 'glitch') {
    glitch = (['spikes', 'dropout', 'stuck', 'noise'] as const)[index % 4];
    addGlitch(random, readings, glitch);
  }
  return {
    tag: `V-${String(index + 1).padStart(3, '0')}-SY`,
    type,
    truth,
    degradation,
    glitch,
    readings,
    history: { installedAt: now - random.int(365, 3650) * DAY, failures: [] },
  };
}

/** 200 valves: 20 degrading, 10 with glitching sensors, the rest healthy, shuffled. */
export function syntheticPlant(seed: number, now: number, counts = { total: 200, degrading: 20, glitch: 10 }) {
  const random = new SeededRandom(seed);
  const truths: SyntheticValve['truth'][] = Array.from({ length: counts.total }, (_, i) =>
    i < counts.degrading ? 'degrading' : i < counts.degrading + counts.glitch ? 'glitch' : 'healthy',
  );
  for (let i = truths.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [truths[i], truths[j]] = [truths[j], truths[i]];
  }
  return truths.map((truth, i) => makeValve(random, i, now, truth));
}

export type DetectionResult = {
  valves: number;
  degrading: number;
  glitchValves: number;
  flagged: number;
  truePositives: number;
  precision: number;
  recall: number;
  glitchFlags: number;
  ms: number;
  risks: { tag: string; truth: string; riskLevel: RiskLevel; healthScore: number }[];
};

/**
 * The detection benchmark: every valve assessed 7 days before each degrading valve's failure point; a valve is
 * flagged when ranked high or critical.
 */
export function runDetectionBenchmark(seed = 6, now = Date.UTC(2026, 5, 1)): DetectionResult {
  const plant = syntheticPlant(seed, now);
  const started = performance.now();
  const risks = plant.map((v) => {
    const model: WeibullModel = { ...priorFor(v.type), source: 'prior', failures: 0, historyWeight: 0 };
    const a = assessValve({ valveTag: v.tag, readings: v.readings, history: v.history, model, now });
    return { tag: v.tag, truth: v.truth, riskLevel: a.riskLevel, healthScore: a.healthScore };
  });
  const ms = performance.now() - started;
  const flagged = risks.filter((r) => r.riskLevel === 'high' || r.riskLevel === 'critical');
  const truePositives = flagged.filter((r) => r.truth === 'degrading').length;
  const degrading = plant.filter((v) => v.truth === 'degrading').length;
  return {
    valves: plant.length,
    degrading,
    glitchValves: plant.filter((v) => v.truth === 'glitch').length,
    flagged: flagged.length,
    truePositives,
    precision: flagged.length ? truePositives / flagged.length : 0,
    recall: truePositives / degrading,
    glitchFlags: flagged.filter((r) => r.truth === 'glitch').length,
    ms,
    risks,
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
