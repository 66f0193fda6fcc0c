/**
 * Seeded runs of the pump-and-valve loop with known fault episodes, sampled like a plant historian: an operator
 * moving the valve between openings with a controller's small trims, a suction tank that rises and falls, sensor
 * noise, quantised pressure transmitters, slow calibration drift, spikes and lost samples, and faults that move
 * channels up and down (blockage, cavitation, seat leak, actuator supply loss, stiction, packing friction). The
 * first part of each run is healthy: the reference a model learns from; faults fall in the rest.
 */
import type { ChannelRole, Quantity } from '@common/quantities';
import { SeededRandom } from '../../../../lib/seeded-random';
import {
  type FaultState,
  HEALTHY,
  type LoopPlant,
  type LoopState,
  STANDARD_PLANT,
  solveLoop,
  stepActuator,
} from './loop';

export const SIMULATED_FAULTS = [
  'blockage',
  'cavitation',
  'seatLeak',
  'actuatorSupplyLoss',
  'stiction',
  'packingFriction',
] as const;
export type SimulatedFault = (typeof SIMULATED_FAULTS)[number];

export type RunSettings = {
  seed: number;
  durationS: number;
  /** Samples per second. */
  rateHz: number;
  /** Healthy start the model learns from. */
  referenceS: number;
  faults: number;
  faultKinds: readonly SimulatedFault[];
  /** Fault length range, s. */
  faultS: readonly [number, number];
  /** How long the operator leaves the valve at one opening, s. */
  dwellS: readonly [number, number];
  /** Channel set: the standard eight, or seven without the command and with the liquid's temperature. */
  channels: 'standard' | 'no-command-with-temperature';
  plant: LoopPlant;
  /** Scales sensor noise (1 = as specified below). */
  noise: number;
  /** Chance per second of a lost sample on all channels (a communication hiccup), and its longest length, s. */
  dropout: number;
  dropoutMaxS: number;
  start: number;
};

export const DEFAULT_RUN: Omit<RunSettings, 'seed'> = {
  durationS: 86_400,
  rateHz: 1,
  referenceS: 6 * 3600,
  faults: 4,
  faultKinds: SIMULATED_FAULTS,
  faultS: [20 * 60, 90 * 60],
  dwellS: [10 * 60, 40 * 60],
  channels: 'standard',
  plant: STANDARD_PLANT,
  noise: 1,
  dropout: 1 / 3000,
  dropoutMaxS: 20,
  start: Date.UTC(2026, 4, 4),
};

export type SimulatedChannel = {
  name: string;
  quantity: Quantity;
  role?: ChannelRole;
  /** Samples in the quantity's canonical unit; NaN where the sample was lost. */
  values: Float64Array;
};

export type FaultEpisode = { kind: SimulatedFault; from: number; to: number; severity: number };

export type SimulatedRun = {
  settings: RunSettings;
  times: Float64Array;
  channels: SimulatedChannel[];
  faults: FaultEpisode[];
  reference: { from: number; to: number };
  scored: { from: number; to: number };
};

/** Fault episodes spread over the scored part, never overlapping, at least 10 minutes apart. */
function planFaults(random: SeededRandom, s: RunSettings): FaultEpisode[] {
  const out: FaultEpisode[] = [];
  const scoredS = s.durationS - s.referenceS;
  const slot = scoredS / Math.max(1, s.faults);
  for (let i = 0; i < s.faults; i++) {
    const length = Math.min(random.between(s.faultS[0], s.faultS[1]), slot - 600);
    if (length < 60) continue;
    const startS = s.referenceS + i * slot + random.between(300, slot - length - 300);
    out.push({
      kind: s.faultKinds[(i + s.seed) % s.faultKinds.length],
      from: s.start + startS * 1000,
      to: s.start + (startS + length) * 1000,
      severity: random.between(0.5, 1),
    });
  }
  return out;
}

/** What the active fault does to the plant, ramping in over its first minute. */
function faultStateAt(plant: LoopPlant, faults: FaultEpisode[], t: number): FaultState {
  const state: FaultState = { ...HEALTHY, supplyBar: plant.supplyBar };
  const f = faults.find((e) => t >= e.from && t < e.to);
  if (!f) return state;
  const ramp = Math.min(1, (t - f.from) / 60_000);
  const s = f.severity * ramp;
  switch (f.kind) {
    case 'blockage':
      state.kvFactor = 1 - 0.45 * s;
      break;
    case 'cavitation':
      state.backPressureDrop = 1.4 * s;
      break;
    case 'seatLeak':
      state.leakKv = 0.06 * plant.kvs * s;
      break;
    case 'actuatorSupplyLoss':
      state.supplyBar = plant.supplyBar - (plant.supplyBar - (2.5 - 0.6 * f.severity)) * ramp;
      break;
    case 'stiction':
      state.stickBand = 0.2 + (2 + 4 * f.severity) * ramp;
      state.slipJump = (0.5 + f.severity) * ramp;
      break;
    case 'packingFriction':
      state.extraLag = (20 + 40 * f.severity) * ramp;
      state.stickBand = 0.2 + 0.8 * ramp;
      break;
  }
  return state;
}

const quantise = (v: number, step: number) => Math.round(v / step) * step;

export function simulateRun(settings: RunSettings): SimulatedRun {
  const s = settings;
  const random = new SeededRandom(s.seed * 7919 + 17);
  const plant = s.plant;
  const faults = planFaults(random, s);
  const n = Math.round(s.durationS * s.rateHz);
  const dt = 1 / s.rateHz;
  const times = Float64Array.from({ length: n }, (_, i) => s.start + (i * 1000) / s.rateHz);
  const names: [string, Quantity, ChannelRole?][] = [
    ['P1_upstream', 'pressure', 'upstream'],
    ['P2_downstream', 'pressure', 'downstream'],
    ['flow', 'flow'],
    ...(s.channels === 'standard'
      ? [['position_command', 'position', 'command'] as [string, Quantity, ChannelRole]]
      : []),
    ['travel_feedback', 'position', 'feedback'],
    ['actuator_supply', 'actuatorSupplyPressure'],
    ['motor_current', 'current'],
    ['vibration', 'vibrationVelocity'],
    ...(s.channels === 'standard' ? [] : [['liquid_temperature', 'temperature'] as [string, Quantity]]),
  ];
  const values = names.map(() => new Float64Array(n));
  const column = (name: string) => values[names.findIndex(([c]) => c === name)];

  const levels = [35, 45, 55, 65, 75];
  let setpoint = random.pick(levels);
  let nextMove = random.between(s.dwellS[0], s.dwellS[1]);
  let command = setpoint;
  let trim = 0;
  const state: LoopState = { travel: setpoint, stuckAt: setpoint };
  let suction = 1;
  let temperature = 24;
  let flowDrift = 0;
  let pressureDrift = 0;
  let dropoutLeft = 0;
  const noise = s.noise;
  for (let i = 0; i < n; i++) {
    const t = times[i];
    const seconds = i * dt;
    if (seconds >= nextMove) {
      setpoint = random.pick(levels.filter((l) => l !== setpoint));
      nextMove = seconds + random.between(s.dwellS[0], s.dwellS[1]);
    }
    // The operator's move ramps at 1 % per second; a controller trims around it.
    command += Math.max(-dt, Math.min(dt, setpoint - command));
    trim = 0.995 * trim + random.normal(0, 0.06 * Math.sqrt(dt));
    const commanded = Math.max(0, Math.min(100, command + trim));
    const fault = faultStateAt(plant, faults, t);
    stepActuator(plant, fault, state, commanded, dt);
    suction = 1 + 0.08 * Math.sin((2 * Math.PI * seconds) / (6 * 3600)) + 0.02 * Math.sin(seconds / 900);
    const back = plant.backPressure + 0.03 * Math.sin(seconds / 1300);
    const out = solveLoop(plant, fault, state.travel, suction, back);
    // The liquid warms with the pump's losses and cools towards a daily ambient (a 3-hour time constant).
    const ambient = 22 + 4 * Math.sin((2 * Math.PI * (seconds - 9 * 3600)) / 86_400);
    temperature += dt * ((out.heatKw / 0.6 - (temperature - ambient)) / 10_800);
    flowDrift += random.normal(0, 0.0002 * Math.sqrt(dt / 60) * noise);
    pressureDrift += random.normal(0, 0.0005 * Math.sqrt(dt / 60) * noise);

    column('P1_upstream')[i] = quantise(out.upstream + pressureDrift + random.normal(0, 0.012 * noise), 0.05);
    column('P2_downstream')[i] = quantise(out.downstream + random.normal(0, 0.012 * noise), 0.05);
    column('flow')[i] = Math.max(0, out.flow * (1 + flowDrift) + random.normal(0, (0.006 * out.flow + 0.05) * noise));
    if (s.channels === 'standard') column('position_command')[i] = quantise(commanded, 0.1);
    column('travel_feedback')[i] = quantise(out.travel + random.normal(0, 0.08 * noise), 0.1);
    column('actuator_supply')[i] = quantise(out.supply + random.normal(0, 0.015 * noise), 0.05);
    column('motor_current')[i] = quantise(out.current * (1 + random.normal(0, 0.012 * noise)), 0.1);
    column('vibration')[i] = quantise(out.vibration * Math.exp(random.normal(0, 0.06 * noise)), 0.01);
    if (s.channels !== 'standard') {
      column('liquid_temperature')[i] = quantise(temperature + random.normal(0, 0.05 * noise), 0.1);
    }
    // Spikes: a reading far off on one channel, about once in six hours of one channel.
    if (random.chance(1 / 20_000)) {
      const v = values[random.int(0, values.length - 1)];
      v[i] = random.chance(0.3) ? 0 : v[i] * random.between(1.5, 3);
    }
    if (dropoutLeft <= 0 && random.chance(s.dropout * dt)) dropoutLeft = random.between(1, s.dropoutMaxS);
    if (dropoutLeft > 0) {
      for (const v of values) v[i] = Number.NaN;
      dropoutLeft -= dt;
    }
  }
  return {
    settings: s,
    times,
    channels: names.map(([name, quantity, role], c) => ({ name, quantity, role, values: values[c] })),
    faults,
    reference: { from: s.start - 1, to: s.start + s.referenceS * 1000 },
    scored: { from: s.start + s.referenceS * 1000, to: s.start + s.durationS * 1000 },
  };
}
