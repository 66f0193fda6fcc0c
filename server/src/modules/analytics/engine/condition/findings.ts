/**
 * Per-channel findings: the recent level against the reference, a trend, the ISO zone of vibration velocity, the
 * channel's condition now (from the episode still open, or its zone), and how much data backs it.
 */
import { fromCanonical, QUANTITIES } from '@common/quantities';
import { leastSquares, median } from '../stats';
import { vibrationZone, zoneCondition } from './checks';
import type { Prepared } from './prepare';
import { fitProfile } from './reference';
import type { ChannelFinding, ConditionInput, VibrationZones } from './types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const FINDING_RULES = {
  /** The recent level: the last day, or the last quarter of a shorter window, at least one averaging window. */
  recentMs: DAY,
  recentShare: 0.25,
  /** The trend: the last 7 days, or the last half of a shorter window. */
  trendMs: 7 * DAY,
  trendShare: 0.5,
  /** A trend is rising or falling when its fitted change exceeds this many reference spreads and R² this. */
  trendSpreads: 1.5,
  trendR2: 0.25,
} as const;

export function channelFindings(
  input: ConditionInput,
  prepared: Prepared,
  current: ReadonlyMap<number, number>,
  zones: VibrationZones,
): ChannelFinding[] {
  const span = input.window.to - input.window.from;
  const recentMs = Math.max(
    prepared.windowPoints * prepared.gridMs,
    Math.min(FINDING_RULES.recentMs, FINDING_RULES.recentShare * span),
  );
  const trendMs = Math.min(FINDING_RULES.trendMs, FINDING_RULES.trendShare * span);
  const times = prepared.window.times;
  const refPoints = Array.from(prepared.reference.times, (_, i) => i);
  return input.channels.map((channel, c): ChannelFinding => {
    const unit = QUANTITIES[channel.quantity].unit;
    const values = prepared.window.values[c];
    const raw = prepared.winGrid.channels[c];
    const profile = fitProfile(prepared.reference.values[c], refPoints, null, 0, prepared.resolutions[c]);
    let lastAt = -1;
    for (let i = values.length - 1; i >= 0 && lastAt < 0; i--) if (Number.isFinite(values[i])) lastAt = i;
    const recentFrom =
      (lastAt >= 0 ? Math.min(input.window.to, times[lastAt] + prepared.gridMs) : input.window.to) - recentMs;
    const recent: number[] = [];
    const trendT: number[] = [];
    const trendV: number[] = [];
    let covered = 0;
    let points = 0;
    for (let i = 0; i < values.length; i++) {
      if (!Number.isFinite(values[i])) continue;
      points++;
      if (times[i] >= recentFrom) recent.push(values[i]);
      if (times[i] > input.window.to - trendMs) {
        trendT.push((times[i] - input.window.to) / DAY);
        trendV.push(values[i]);
        if (!raw.held[i]) covered++;
      }
    }
    const level = recent.length ? median(recent) : Number.NaN;
    const referenceLevel = profile?.level ?? Number.NaN;
    const spread = profile?.spread ?? Number.NaN;
    const fit = leastSquares(trendT, trendV);
    const fitted = fit.slope * (trendMs / DAY);
    const trend =
      profile && fit.r2 >= FINDING_RULES.trendR2 && Math.abs(fitted) > FINDING_RULES.trendSpreads * spread
        ? fitted > 0
          ? 'rising'
          : 'falling'
        : 'stable';
    let lastRead = -1;
    for (let i = raw.count.length - 1; i >= 0 && lastRead < 0; i--) if (raw.count[i] > 0) lastRead = i;
    const stuckNow = lastRead >= 0 && prepared.stuck.some((s) => s.channel === channel.name && s.to >= times[lastRead]);
    const zone =
      channel.quantity === 'vibrationVelocity' && Number.isFinite(level) ? vibrationZone(level, zones) : null;
    const zoneTerm = zone ? zoneCondition(level, zones) : 0;
    return {
      channel: channel.name,
      quantity: channel.quantity,
      role: channel.role,
      unit,
      displayUnit: channel.displayUnit ?? unit,
      referenceLevel,
      referenceSpread: spread,
      resolution: prepared.resolutions[c],
      flat: profile?.flat ?? false,
      level,
      changePercent: changePercent(channel.quantity, level, referenceLevel),
      trend,
      condition: stuckNow ? 0 : Math.max(current.get(c) ?? 0, zoneTerm),
      zone,
      coverage: Math.min(1, covered / Math.max(1, Math.round(trendMs / prepared.gridMs))),
      points,
      referencePoints: profile ? refPoints.filter((i) => Number.isFinite(prepared.reference.values[c][i])).length : 0,
      glitches: prepared.glitches.filter((g) => g.channel === channel.name).length,
      stuckNow,
    };
  });
}

/**
 * Change of the level in percent: of the reference level for ratio and percent scales, of the absolute
 * temperature for temperatures (a percentage of a °C or °F reading would depend on the unit).
 */
function changePercent(quantity: ChannelFinding['quantity'], level: number, reference: number): number {
  if (!Number.isFinite(level) || !Number.isFinite(reference)) return 0;
  const base = QUANTITIES[quantity].scale === 'interval' ? fromCanonical(quantity, reference, 'K') : reference;
  return base === 0 ? 0 : ((level - reference) / Math.abs(base)) * 100;
}
