/**
 * Explanations of an episode in valve terms, where its pattern of channel changes fits a known fault (control
 * valve fault signatures: ISA-75.25 and the valve diagnostics literature, e.g. Choudhury et al. 2005 on stiction).
 * Each names the evidence it rests on; when no pattern fits, there is no explanation rather than a guess.
 */
import type { ChannelRole, Quantity } from '@common/quantities';
import type { Explanation, Fault } from './types';

export type ExplainChannel = {
  name: string;
  quantity: Quantity;
  role?: ChannelRole;
  /** Change against the reference: percent of the level where that means something, else null. */
  relative: number | null;
  /** Change in the canonical unit (percentage points for positions): the mean, and the typical size either way. */
  change: number;
  typicalChange: number;
  /** Mean window z over the episode (how clearly it moved one way) and mean |z| (either way). */
  z: number;
  absZ: number;
  text: string;
};

/** Share of the command's moves the travel did not follow, in the episode and in the reference. */
export type StickSlip = { episode: number; reference: number };

export const EXPLAIN_RULES = {
  /** A channel "moved" in an episode when its mean window z is at least this. */
  clearZ: 3,
  /** Relative changes (percent) a pattern needs. */
  supplyDrop: -10,
  flowChange: 5,
  vibrationRise: 25,
  /** Travel off the command by at least this many percentage points. */
  travelOff: 1,
  /** Stick-slip: the travel ignores at least this share of the command's moves, and twice the reference's. */
  stickSlipShare: 0.3,
} as const;

const TEXTS: Record<Fault, string> = {
  actuatorSupplyLoss:
    'Actuator supply loss: the air supply to the actuator fell, so the valve cannot reach its command.',
  cavitation:
    'Cavitation: the pressure after the valve fell towards the vapour pressure; collapsing vapour shakes the valve and pipe and erodes the trim.',
  stiction:
    'Stiction: the stem sticks, then jumps, so the travel follows the command in steps (packing or trim friction, a sticking positioner).',
  packingFriction: 'Packing friction: the travel lags the command smoothly; the packing may be over-tightened or dry.',
  blockage:
    'Partial blockage: less flow at the same opening while the pressure drop across the valve rose (debris in the trim, a clogging strainer).',
  seatLeakage:
    'Seat leakage: more flow than the opening allows while the pressure drop fell (a worn or eroded seat or plug).',
};

const moved = (c: ExplainChannel | undefined, direction: 1 | -1, relative?: number) =>
  c !== undefined &&
  Math.sign(c.change) === direction &&
  Math.abs(c.z) >= EXPLAIN_RULES.clearZ &&
  (relative === undefined || c.relative === null || direction * c.relative >= Math.abs(relative));

export function explain(channels: readonly ExplainChannel[], stickSlip: StickSlip | null): Explanation | null {
  const find = (quantity: Quantity, role?: ChannelRole) =>
    channels.find((c) => c.quantity === quantity && (role === undefined || c.role === role));
  const result = (fault: Fault, evidence: (ExplainChannel | string | undefined | false)[]): Explanation => ({
    fault,
    text: TEXTS[fault],
    evidence: evidence.flatMap((e) => (typeof e === 'string' ? [e] : e ? [e.text] : [])),
  });
  const rule = EXPLAIN_RULES;
  const flow = find('flow');
  const supply = find('actuatorSupplyPressure');
  const travel = find('position', 'feedback') ?? find('position');
  const upstream = find('pressure', 'upstream');
  const downstream = find('pressure', 'downstream');
  const dp = find('differentialPressure');
  const vibration = find('vibrationVelocity') ?? find('vibrationAcceleration');
  const shownMoved = (c: ExplainChannel | undefined) => c && c.absZ >= rule.clearZ && c;

  if (moved(supply, -1, rule.supplyDrop)) {
    return result('actuatorSupplyLoss', [supply, moved(travel, -1) && travel, shownMoved(flow)]);
  }
  if (moved(vibration, 1, rule.vibrationRise) && (moved(downstream, -1) || moved(dp, 1))) {
    return result('cavitation', [vibration, shownMoved(downstream), shownMoved(dp), shownMoved(flow)]);
  }
  const travelOff = travel !== undefined && travel.typicalChange >= rule.travelOff && travel.absZ >= rule.clearZ;
  if (travelOff && stickSlip) {
    const sticks =
      stickSlip.episode >= rule.stickSlipShare && stickSlip.episode >= 2 * stickSlip.reference
        ? `the travel ignored ${Math.round(stickSlip.episode * 100)}% of the command's moves (${Math.round(stickSlip.reference * 100)}% in the reference)`
        : null;
    return sticks
      ? result('stiction', [travel, sticks, shownMoved(flow)])
      : result('packingFriction', [travel, shownMoved(flow)]);
  }
  // The pressure drop across the valve: its own channel, else upstream less downstream.
  const dpChange = dp
    ? Math.abs(dp.z) >= rule.clearZ
      ? dp.change
      : 0
    : upstream && downstream && Math.max(Math.abs(upstream.z), Math.abs(downstream.z)) >= rule.clearZ
      ? upstream.change - downstream.change
      : 0;
  const pressureRose = dpChange > 0;
  const pressureFell = dpChange < 0;
  const pressures = [shownMoved(dp), shownMoved(upstream), shownMoved(downstream)];
  if (!travelOff && moved(flow, -1, rule.flowChange) && pressureRose) {
    return result('blockage', [flow, ...pressures, travel && 'the valve opening did not change']);
  }
  if (!travelOff && moved(flow, 1, rule.flowChange) && pressureFell) {
    return result('seatLeakage', [flow, ...pressures, travel && 'the valve opening did not change']);
  }
  return null;
}
