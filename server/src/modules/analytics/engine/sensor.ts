/**
 * Condition indicators of one sensor of one valve: baseline, robust z-score, EWMA, least-squares trend, glitch
 * filtering and anomalies. docs/analytics.md § Condition indicators states each rule and threshold.
 */
import { CANONICAL_UNITS } from '@common/analytics';
import type { SensorType } from '@common/constants';
import { clamp, ewma, leastSquares, median, robustSigma } from './stats';
import type { Anomaly, AnomalySeverity, Reading, SensorAssessment, VibrationZones } from './types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SENSOR_RULES = {
  windowDays: 30,
  /** Readings newer than this are "recent"; the rest of the window is the baseline. */
  trendDays: 7,
  recentHours: 24,
  /** Hampel filter: half-window in readings and the threshold in robust sigmas. */
  hampelHalfWindow: 3,
  hampelThreshold: 6,
  ewmaAlpha: 0.1,
  /** Identical consecutive readings for this many hours mark a stuck transmitter. */
  stuckHours: 12,
  /** Robust z of the 24 h level: no weight below `from`, full weight at `from + span`. */
  z: { from: 2, span: 4 },
  /** Practical magnitude per sensor: no weight below `from`, full at `from + span` (percent, or ratio). */
  magnitude: {
    vibration: { from: 1.25, span: 1.25 }, // ratio to baseline
    temperature: { from: 1, span: 6 }, // % rise
    pressure: { from: 2, span: 6 }, // % change either way
  },
} as const;

type Point = { t: number; v: number };

/** Relative sigma floor: a near-constant signal must not turn rounding into large z-scores. */
function sigmaFloor(centre: number): number {
  return Math.max(0.01, Math.abs(centre) * 0.002);
}

/** Median of the first `n` entries of `buf`, sorting them in place (insertion sort: n is at most 7). */
function smallMedian(buf: Float64Array, n: number): number {
  for (let i = 1; i < n; i++) {
    const x = buf[i];
    let j = i - 1;
    while (j >= 0 && buf[j] > x) {
      buf[j + 1] = buf[j];
      j--;
    }
    buf[j + 1] = x;
  }
  return n % 2 ? buf[n >> 1] : (buf[(n >> 1) - 1] + buf[n >> 1]) / 2;
}

/** Hampel filter: each reading against the median of its neighbours; returns the cleaned values and glitch flags. */
function hampel(points: Point[], globalSigma: number): { clean: number[]; glitch: boolean[] } {
  const k = SENSOR_RULES.hampelHalfWindow;
  const clean = new Array<number>(points.length);
  const glitch = new Array<boolean>(points.length);
  const buf = new Float64Array(2 * k + 1);
  for (let i = 0; i < points.length; i++) {
    const lo = Math.max(0, i - k);
    const n = Math.min(points.length - 1, i + k) - lo + 1;
    for (let j = 0; j < n; j++) buf[j] = points[lo + j].v;
    const m = smallMedian(buf, n);
    for (let j = 0; j < n; j++) buf[j] = Math.abs(points[lo + j].v - m);
    const s = Math.max(1.4826 * smallMedian(buf, n), globalSigma);
    glitch[i] = Math.abs(points[i].v - m) > SENSOR_RULES.hampelThreshold * s;
    clean[i] = glitch[i] ? m : points[i].v;
  }
  return { clean, glitch };
}

/** Robust spread of the baseline's 24 h medians; the single-reading sigma when there are too few days. */
function levelSigma(points: Point[], cleanBaseline: number[], sigma: number): number {
  const days: number[] = [];
  let block: number[] = [];
  let blockStart = points[0].t;
  for (let i = 0; i < cleanBaseline.length; i++) {
    if (points[i].t - blockStart >= DAY) {
      if (block.length >= 12) days.push(median(block));
      block = [];
      blockStart = points[i].t;
    }
    block.push(cleanBaseline[i]);
  }
  if (block.length >= 12) days.push(median(block));
  if (days.length < 4) return sigma;
  return Math.max(robustSigma(days), sigma * 0.1, sigmaFloor(median(days)));
}

function vibrationZoneTerm(level: number, zones: VibrationZones): number {
  if (level >= zones.cd) return 1;
  if (level >= zones.bc) return 0.5 + (0.35 * (level - zones.bc)) / (zones.cd - zones.bc);
  if (level >= zones.ab) return (0.15 * (level - zones.ab)) / (zones.bc - zones.ab);
  return 0;
}

export function vibrationZone(level: number, zones: VibrationZones): 'A' | 'B' | 'C' | 'D' {
  if (level >= zones.cd) return 'D';
  if (level >= zones.bc) return 'C';
  if (level >= zones.ab) return 'B';
  return 'A';
}

function severityOf(condition: number): AnomalySeverity {
  if (condition >= 0.75) return 'critical';
  if (condition >= 0.4) return 'high';
  if (condition >= 0.15) return 'medium';
  return 'low';
}

const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));
const iso = (t: number) => new Date(t).toISOString();

/** Groups glitch readings into windows (readings within 3 h of each other form one window). */
function glitchAnomalies(sensorType: SensorType, points: Point[], glitch: boolean[], baseline: number): Anomaly[] {
  const unit = CANONICAL_UNITS[sensorType];
  const windows: { from: number; to: number; values: number[] }[] = [];
  points.forEach((p, i) => {
    if (!glitch[i]) return;
    const last = windows.at(-1);
    if (last && p.t - last.to <= 3 * HOUR) {
      last.to = p.t;
      last.values.push(p.v);
    } else windows.push({ from: p.t, to: p.t, values: [p.v] });
  });
  return windows.map((w) => {
    const extreme = w.values.reduce((a, b) => (Math.abs(b - baseline) > Math.abs(a - baseline) ? b : a));
    const n = w.values.length;
    return {
      sensorType,
      severity: n === 1 ? 'low' : 'medium',
      description:
        `${n === 1 ? 'One reading' : `${n} readings`} far from the neighbouring values (${fmt(extreme)} ${unit} ` +
        `against a typical ${fmt(baseline)} ${unit}): a transient or a sensor glitch, left out of the trend.`,
      from: iso(w.from),
      to: iso(w.to),
    };
  });
}

export function assessSensor(
  sensorType: SensorType,
  readings: readonly Reading[],
  now: number,
  zones: VibrationZones,
): SensorAssessment | null {
  const start = now - SENSOR_RULES.windowDays * DAY;
  const points = readings
    .filter((r) => r.t > start && r.t <= now && Number.isFinite(r.value))
    .map((r) => ({ t: r.t, v: r.value }))
    .sort((a, b) => a.t - b.t);
  if (points.length < 6) return null;

  // Baseline: the window before the last 7 days, or the older half when the history is shorter than that.
  const trendStart = now - SENSOR_RULES.trendDays * DAY;
  let baselinePoints = points.filter((p) => p.t <= trendStart);
  if (baselinePoints.length < 48) baselinePoints = points.slice(0, Math.max(3, points.length >> 1));
  const rawBaseline = baselinePoints.map((p) => p.v);
  const roughCentre = median(rawBaseline);
  const roughSigma = Math.max(robustSigma(rawBaseline, roughCentre), sigmaFloor(roughCentre));

  const { clean, glitch } = hampel(points, roughSigma);
  const cleanBaseline = clean.slice(0, baselinePoints.length);
  const baseline = median(cleanBaseline);
  const sigma = Math.max(robustSigma(cleanBaseline, baseline), sigmaFloor(baseline));

  const lastT = points[points.length - 1].t;
  const recentFrom = Math.min(now, lastT) - SENSOR_RULES.recentHours * HOUR;
  const recent = clean.filter((_, i) => points[i].t > recentFrom);
  const level = median(recent);
  const smoothed = ewma(clean, SENSOR_RULES.ewmaAlpha);
  // The level is a 24 h median, so its z-score is against the spread of the baseline's daily medians, not of
  // single readings (the daily cycle and the noise average out).
  const levelZ = (level - baseline) / levelSigma(points, cleanBaseline, sigma);
  const changePercent = baseline === 0 ? 0 : ((level - baseline) / Math.abs(baseline)) * 100;

  const trendIdx = points.map((p, i) => (p.t > trendStart ? i : -1)).filter((i) => i >= 0);
  const fit = leastSquares(
    trendIdx.map((i) => (points[i].t - trendStart) / DAY),
    trendIdx.map((i) => clean[i]),
  );
  const weekChange = fit.slope * SENSOR_RULES.trendDays;
  const trend =
    fit.r2 >= 0.25 && Math.abs(weekChange) > 1.5 * sigma ? (weekChange > 0 ? 'rising' : 'falling') : 'stable';

  // Condition: statistically clear (robust z) AND practically large (magnitude), whichever is smaller.
  const dev = sensorType === 'pressure' ? Math.abs(levelZ) : levelZ;
  const zTerm = clamp((dev - SENSOR_RULES.z.from) / SENSOR_RULES.z.span, 0, 1);
  const rule = SENSOR_RULES.magnitude[sensorType];
  const magnitude =
    sensorType === 'vibration'
      ? level / Math.max(baseline, 0.01)
      : sensorType === 'pressure'
        ? Math.abs(changePercent)
        : changePercent;
  const magTerm = clamp((magnitude - rule.from) / rule.span, 0, 1);
  let condition = Math.min(zTerm, magTerm);
  if (sensorType === 'vibration') condition = Math.max(condition, vibrationZoneTerm(level, zones));

  let stuckHours = 0;
  for (let i = points.length - 1, run = 0; i > 0 && points[i].t > recentFrom; i--) {
    run = points[i].v === points[i - 1].v ? run + (points[i].t - points[i - 1].t) / HOUR : 0;
    stuckHours = Math.max(stuckHours, run);
  }
  const weekCount = points.filter((p) => p.t > trendStart).length;
  // No process holds a value to the last digit for half a day: a frozen or dead transmitter (often at 0) says
  // nothing about the valve, so its sensor weighs nothing until it moves again.
  if (stuckHours >= SENSOR_RULES.stuckHours) condition = 0;

  const anomalies = glitchAnomalies(sensorType, points, glitch, baseline);
  const glitchWindowCount = anomalies.length;
  if (condition >= 0.15) {
    anomalies.push(shiftAnomaly(sensorType, points, smoothed, baseline, sigma, level, changePercent, condition, zones));
  }
  if (stuckHours >= SENSOR_RULES.stuckHours) {
    anomalies.push({
      sensorType,
      severity: 'low',
      description: `The ${sensorType} reading has not changed for ${Math.round(stuckHours)} hours: check the transmitter.`,
      from: iso(lastT - stuckHours * HOUR),
      to: iso(lastT),
    });
  }

  return {
    sensorType,
    count: points.length,
    baseline,
    sigma,
    level,
    ewma: smoothed[smoothed.length - 1],
    levelZ,
    changePercent,
    slopePerDay: fit.slope,
    trend,
    condition,
    outliers: glitch.filter(Boolean).length,
    glitchWindows: glitchWindowCount,
    stuckHours,
    coverage: Math.min(1, weekCount / (SENSOR_RULES.trendDays * 24)),
    anomalies,
  };
}

/** A sustained departure from the baseline; its window starts where the EWMA last left the normal band. */
function shiftAnomaly(
  sensorType: SensorType,
  points: Point[],
  smoothed: number[],
  baseline: number,
  sigma: number,
  level: number,
  changePercent: number,
  condition: number,
  zones: VibrationZones,
): Anomaly {
  const unit = CANONICAL_UNITS[sensorType];
  // EWMA control limit: 3 sigma of the smoothed statistic, sigma·sqrt(α / (2 − α)).
  const alpha = SENSOR_RULES.ewmaAlpha;
  const limit = 3 * sigma * Math.sqrt(alpha / (2 - alpha));
  let i = smoothed.length - 1;
  while (i > 0 && Math.abs(smoothed[i - 1] - baseline) > limit) i--;
  const direction = level >= baseline ? 'up' : 'down';
  let description = `${capitalise(sensorType)} ${direction} ${Math.abs(changePercent).toFixed(1)}% from its baseline of ${fmt(baseline)} ${unit} to ${fmt(level)} ${unit}.`;
  if (sensorType === 'vibration') {
    const zone = vibrationZone(level, zones);
    const meaning =
      zone === 'D'
        ? 'vibration of this severity can damage the valve'
        : zone === 'C'
          ? 'not acceptable for long-term operation'
          : zone === 'B'
            ? 'acceptable for long-term operation'
            : 'as a new machine';
    description += ` ISO 20816 zone ${zone}: ${meaning}.`;
  }
  return {
    sensorType,
    severity: severityOf(condition),
    description,
    from: iso(points[i].t),
    to: iso(points[points.length - 1].t),
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
