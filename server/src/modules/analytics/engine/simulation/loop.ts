/**
 * Physics of a pump-and-valve loop, one step per sample: a centrifugal pump (quadratic head curve, efficiency
 * falling away from its best point) feeds a pneumatic globe control valve (equal-percentage trim, Kv in m³/h at
 * 1 bar) into a line with a back pressure. Flow solves pump curve = valve + line losses; motor current follows the
 * shaft power; vibration rises off the best point and with cavitation (σ index); the actuator's travel follows the
 * positioner's command through stiction (Choudhury, Thornhill & Shah 2005) and a first-order lag, capped by what
 * its air supply can push against the spring. Pressures are gauge, bar. Sources: IEC 60534-2-1 (valve sizing),
 * ISA-RP75.23 (cavitation index), Karassik's Pump Handbook (curves and efficiency).
 */

export type LoopPlant = {
  /** Pump: pressure rise at shut-off (bar), and the flow of its best efficiency point (m³/h). */
  shutoffBar: number;
  bestFlow: number;
  /** Pressure rise at the best point as a share of shut-off. */
  headAtBest: number;
  bestEfficiency: number;
  /** Valve: flow coefficient fully open, rangeability of the equal-percentage trim. */
  kvs: number;
  rangeability: number;
  /** Line after the valve: back pressure (bar) and loss at the best flow (bar). */
  backPressure: number;
  lineLossAtBest: number;
  /** Motor: line voltage (V), power factor, efficiency, magnetising current (A). */
  voltage: number;
  powerFactor: number;
  motorEfficiency: number;
  magnetisingAmps: number;
  /** Vibration at the best point, mm/s RMS. */
  baseVibration: number;
  /** Incipient cavitation index of the trim; cavitation grows as σ falls below it. */
  sigmaIncipient: number;
  /** Actuator: spring range (bar, air to open), positioner time constant (s), stroking speed (% per s). */
  springLow: number;
  springHigh: number;
  lagSeconds: number;
  strokeRate: number;
  supplyBar: number;
};

export const STANDARD_PLANT: LoopPlant = {
  shutoffBar: 6,
  bestFlow: 60,
  headAtBest: 0.75,
  bestEfficiency: 0.78,
  kvs: 80,
  rangeability: 30,
  backPressure: 1.5,
  lineLossAtBest: 1,
  voltage: 400,
  powerFactor: 0.86,
  motorEfficiency: 0.91,
  magnetisingAmps: 6,
  baseVibration: 1.2,
  sigmaIncipient: 1.3,
  springLow: 1.4,
  springHigh: 2.8,
  lagSeconds: 3,
  strokeRate: 10,
  supplyBar: 6,
};

/** What faults change in the plant at a given moment (1 and 0 are healthy). */
export type FaultState = {
  /** Share of the trim's flow area left (a blockage). */
  kvFactor: number;
  /** Flow coefficient of a leak past the seat, m³/h at 1 bar. */
  leakKv: number;
  /** Drop of the back pressure after the valve, bar (it lets the valve cavitate). */
  backPressureDrop: number;
  /** Actuator air supply, bar (the plant's own when healthy). */
  supplyBar: number;
  /** Stiction: dead plus stick band S and slip jump J, % of travel. */
  stickBand: number;
  slipJump: number;
  /** Extra positioner lag, s (packing friction). */
  extraLag: number;
};

export const HEALTHY: Omit<FaultState, 'supplyBar'> = {
  kvFactor: 1,
  leakKv: 0,
  backPressureDrop: 0,
  stickBand: 0.2,
  slipJump: 0,
  extraLag: 0,
};

export type LoopState = { travel: number; stuckAt: number };

export type LoopOutputs = {
  upstream: number;
  downstream: number;
  flow: number;
  travel: number;
  supply: number;
  current: number;
  vibration: number;
  /** Heat the pump puts into the liquid, kW (for the loop's temperature). */
  heatKw: number;
};

const ATMOSPHERE = 1.01325;
/** Vapour pressure of water near 25 °C, bar absolute. */
const VAPOUR = 0.032;

/** Travel after one step of `dt` seconds towards `command` (both % of travel). */
export function stepActuator(plant: LoopPlant, fault: FaultState, state: LoopState, command: number, dt: number) {
  // Stiction: the stem holds until the command has moved the stick band away, then slips to within the band
  // less the jump.
  let target = state.stuckAt;
  const error = command - state.stuckAt;
  if (Math.abs(error) > fault.stickBand) {
    target = command - Math.sign(error) * Math.max(0, fault.stickBand - fault.slipJump) * 0.5;
    state.stuckAt = target;
  }
  // The air supply caps the travel: air to open against the spring, with a margin for friction.
  const reachable = ((fault.supplyBar - 0.2 - plant.springLow) / (plant.springHigh - plant.springLow)) * 100;
  target = Math.min(target, Math.max(0, Math.min(100, reachable)));
  const lag = plant.lagSeconds + fault.extraLag;
  let move = (target - state.travel) * (1 - Math.exp(-dt / lag));
  move = Math.max(-plant.strokeRate * dt, Math.min(plant.strokeRate * dt, move));
  state.travel = Math.max(0, Math.min(100, state.travel + move));
}

/** The loop's steady state at a travel, a suction pressure and a back pressure. */
export function solveLoop(
  plant: LoopPlant,
  fault: FaultState,
  travel: number,
  suction: number,
  backPressure: number,
): LoopOutputs {
  const x = Math.max(0, Math.min(1, travel / 100));
  const kv = (x > 0.005 ? plant.kvs * plant.rangeability ** (x - 1) : 0) * fault.kvFactor + fault.leakKv;
  const a = (plant.shutoffBar * (1 - plant.headAtBest)) / plant.bestFlow ** 2;
  const k = plant.lineLossAtBest / plant.bestFlow ** 2;
  const back = backPressure - fault.backPressureDrop;
  const drive = Math.max(0, suction + plant.shutoffBar - back);
  const flow = kv > 0 ? Math.sqrt(drive / (a + k + 1 / kv ** 2)) : 0;
  const rise = plant.shutoffBar - a * flow ** 2;
  const upstream = suction + rise;
  const downstream = back + k * flow ** 2;
  const dp = Math.max(1e-6, upstream - downstream);
  const sigma = (upstream + ATMOSPHERE - VAPOUR) / dp;
  const cavitation = Math.max(0, (plant.sigmaIncipient - sigma) / plant.sigmaIncipient);
  const offBest = (flow - plant.bestFlow) / plant.bestFlow;
  const efficiency = Math.max(0.2, plant.bestEfficiency * (1 - 0.8 * offBest ** 2));
  const hydraulicKw = (flow * rise) / 36;
  const shaftKw = hydraulicKw / efficiency;
  const loadAmps = (shaftKw * 1000) / plant.motorEfficiency / (Math.sqrt(3) * plant.voltage * plant.powerFactor);
  return {
    upstream,
    downstream,
    flow,
    travel,
    supply: fault.supplyBar,
    current: Math.hypot(loadAmps, plant.magnetisingAmps),
    vibration: plant.baseVibration * (1 + 0.4 * offBest ** 2) * (1 + 8 * cavitation),
    heatKw: shaftKw - hydraulicKw,
  };
}
