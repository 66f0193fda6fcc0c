/**
 * What condition monitoring takes in and gives back (docs/analytics.md § Condition monitoring). The input is what
 * the database hands over without reading millions of raw rows: per channel, buckets of a rollup (or raw
 * readings when few) for the reference period and for the assessed window. Pure data, no I/O.
 */
import type { ChannelRole, Quantity } from '@common/quantities';
import type { AnomalySeverity } from '@common/schemas/analytics';

/** A span of time, epoch milliseconds, `from` exclusive and `to` inclusive as the readings' queries are. */
export type Span = { from: number; to: number };

/**
 * One bucket of a rollup: the readings from `t` (inclusive) to `t + stepMs` (exclusive), as the per-minute and
 * per-hour rollup tables hold them. A raw reading is a bucket of one: count 1, mean = min = max = last = value.
 */
export type Bucket = { t: number; count: number; mean: number; min: number; max: number; last: number };

/** Buckets of one rollup, oldest first; a gap is simply absent buckets. `stepMs` 0 means raw readings. */
export type BucketSeries = { stepMs: number; buckets: readonly Bucket[] };

export type ChannelSeries = {
  /** The channel's free name (`flow`, `P1_upstream`, `temperature`). */
  name: string;
  quantity: Quantity;
  role?: ChannelRole;
  /** The unit descriptions show values in; values are always in the quantity's canonical unit. */
  displayUnit?: string;
  reference: BucketSeries;
  window: BucketSeries;
};

/** ISO 20816 zone boundaries for vibration velocity, mm/s RMS. */
export type VibrationZones = { ab: number; bc: number; cd: number };

export type ConditionOptions = {
  /** Share of healthy points allowed to exceed the detection limit: the stated false-alarm rate. */
  falseAlarmRate: number;
  zones: VibrationZones;
};

export type ConditionInput = {
  valveTag: string;
  channels: readonly ChannelSeries[];
  /** The period the engineer marked healthy (or the default one): the models learn from it. */
  reference: Span;
  /** The span assessed; `window.to` is "now". */
  window: Span;
  options?: Partial<ConditionOptions>;
};

export type Direction = 'up' | 'down';

/** One channel's part in an episode, against the reference at the same valve opening where a position is known. */
export type EpisodeChannel = {
  channel: string;
  quantity: Quantity;
  direction: Direction;
  /**
   * The change in percent of the reference level for ratio-scale quantities with a level clear of zero
   * (`changeUnit` '%'), else in the channel's canonical unit (temperature in °C, position in points of travel).
   */
  change: number;
  changeUnit: string;
  /** Expected (reference) and seen levels, canonical unit, means over the episode. */
  expected: number;
  level: number;
  /** Share of the episode's departure this channel explains (reconstruction-based contribution), 0-1. */
  share: number;
  /** "flow −38%", "temperature −4.2 °C". */
  text: string;
};

export const FAULTS = [
  'seatLeakage',
  'blockage',
  'stiction',
  'packingFriction',
  'actuatorSupplyLoss',
  'cavitation',
] as const;
export type Fault = (typeof FAULTS)[number];

export type Explanation = { fault: Fault; text: string; evidence: string[] };

export type Episode = {
  start: number;
  /** Null while the episode lasts (it reaches the end of the window). */
  end: number | null;
  severity: AnomalySeverity;
  /** 0 (as the reference) to 1 (at the failure threshold): the worst the episode got (its worst channel). */
  condition: number;
  /** Its condition at the end of the window while it lasts, else 0. */
  current: number;
  /** The detection statistic's peak as a multiple of its limit. */
  peak: number;
  channels: EpisodeChannel[];
  explanation: Explanation | null;
  description: string;
};

/** A short, sharp departure of one channel from its neighbours: a transient or a sensor glitch. */
export type Glitch = { channel: string; from: number; to: number; points: number; extreme: number };

/** A transmitter that stopped moving for far longer than it ever did during the reference: first and last still point. */
export type StuckSpan = { channel: string; from: number; to: number; value: number };

export type ChannelFinding = {
  channel: string;
  quantity: Quantity;
  role?: ChannelRole;
  unit: string;
  displayUnit: string;
  /** Reference level (median) and robust spread of its values, canonical unit. */
  referenceLevel: number;
  referenceSpread: number;
  /** Smallest step the transmitter moves in (0 when it reads continuously). */
  resolution: number;
  /** Flat throughout the reference: nothing to learn its noise from. */
  flat: boolean;
  /** Level over the recent part of the window (median), canonical unit; NaN without data. */
  level: number;
  /** Change of the level against the reference: percent of it (ratio scales) or of absolute temperature. */
  changePercent: number;
  trend: 'rising' | 'falling' | 'stable';
  /** 0-1: how bad the channel is now (open episodes, ISO zone). */
  condition: number;
  /** ISO 20816 zone of the recent level (vibration velocity only). */
  zone: 'A' | 'B' | 'C' | 'D' | null;
  /** Share of the window's grid points holding a reading of this channel. */
  coverage: number;
  points: number;
  referencePoints: number;
  glitches: number;
  /** The channel is stuck at the end of the window. */
  stuckNow: boolean;
};

export type ConditionAssessment = {
  /** The analysis grid: points are means over buckets of this width. */
  gridMs: number;
  /** What was read, per channel summed: rollup buckets and the raw readings they stand for. */
  read: { buckets: number; readings: number };
  /**
   * Channels the multivariate model uses, its principal components, the reference points it learned from, and the
   * share of the window's points it could judge (the rest: too few channels, or an opening the reference never
   * saw); null without enough reference.
   */
  model: {
    channels: string[];
    components: number;
    referencePoints: number;
    judgedShare: number;
    positionerLagMs: number | null;
  } | null;
  episodes: Episode[];
  glitches: Glitch[];
  stuck: StuckSpan[];
  channels: ChannelFinding[];
  /**
   * What makes the valve's condition now: each open episode (its worst channel at the end, the ISO zone of a
   * vibration it names included), and each vibration in a zone above A that no open episode names.
   */
  findings: { kind: 'episode' | 'zone'; channels: string[]; condition: number }[];
  /** Combined condition now, 0-1: 1 − Π(1 − finding condition). One fault seen in four channels counts once. */
  condition: number;
};
