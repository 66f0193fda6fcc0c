/**
 * The spec's per-valve results (§3: healthScore, riskLevel, failureProbability, confidenceLevel,
 * recommendedAction, trends, anomalies) derived from a condition assessment: the episodes still open and the ISO
 * zones set the condition, the condition scales the Weibull hazard, and the anomalies list is the episodes,
 * glitches, stuck transmitters and zone findings in the spec's shape.
 */
import { fromCanonical, specSensorTypeOf, unitLabel } from '@common/quantities';
import type { AnomalySeverity, MetricTrend, RiskLevel } from '@common/schemas/analytics';
import type { RepairHistory } from '../types';
import { conditionalFailureProbability, type WeibullModel } from '../weibull';
import { ZONE_MEANINGS, zoneCondition } from './checks';
import { severityOf } from './episodes';
import type { ChannelFinding, ConditionAssessment, Fault, VibrationZones } from './types';

const HOUR = 3_600_000;
export const HORIZON_HOURS = 30 * 24;

export const OUTCOME_RULES = {
  /** Health loses up to this share per finding (an open episode, a vibration zone) at full condition: 100·Π(1 − w·c). */
  healthWeight: 0.85,
  /** Points off the health score per glitch window (at most `glitchPenaltyMax`) and for a stuck transmitter. */
  glitchPenalty: 1,
  glitchPenaltyMax: 5,
  stuckPenalty: 3,
  /**
   * Proportional-hazards scaling of the Weibull hazard by the combined condition C (0-1): m = m₀·e^(γC).
   * m₀ < 1 because a valve with no symptom fails less often than the population average, most failure modes
   * announcing themselves first; γ = ln 1000 makes a valve at its failure threshold 300 × the average.
   */
  hazardAtRest: 0.3,
  hazardGamma: Math.log(1000),
  /** Risk levels by combined condition or 30-day probability, whichever is worse. */
  risk: {
    critical: { condition: 0.75, probability: 0.5 },
    high: { condition: 0.4, probability: 0.2 },
    medium: { condition: 0.15, probability: 0.05 },
  },
  /**
   * Points that make full evidence: in the window two weeks of hourly readings, in the reference one week (or as
   * many points at any rate).
   */
  fullPoints: 336,
  fullReferencePoints: 168,
} as const;

/** The spec's anomaly, with the channel's spec sensor type where its quantity has one, else its name. */
export type SpecAnomaly = {
  sensorType: string;
  severity: AnomalySeverity;
  description: string;
  from: string;
  to: string;
};

export type Outcome = {
  healthScore: number;
  riskLevel: RiskLevel;
  failureProbability: number;
  confidenceLevel: number;
  recommendedAction: string;
  /** Per channel name. */
  trends: Record<string, MetricTrend>;
  anomalies: SpecAnomaly[];
};

export function riskLevelOf(condition: number, probability: number): RiskLevel {
  const r = OUTCOME_RULES.risk;
  if (condition >= r.critical.condition || probability >= r.critical.probability) return 'critical';
  if (condition >= r.high.condition || probability >= r.high.probability) return 'high';
  if (condition >= r.medium.condition || probability >= r.medium.probability) return 'medium';
  return 'low';
}

/** Age since the last renewal: the last repaired failure, else installation. */
export function ageHours(history: RepairHistory, now: number): number {
  const last = history.failures.filter((f) => f.at <= now).reduce((m, f) => Math.max(m, f.at), history.installedAt);
  return Math.max(0, (now - last) / HOUR);
}

export type OutcomeInput = {
  valveTag: string;
  assessment: ConditionAssessment;
  history: RepairHistory;
  model: WeibullModel;
  now: number;
  zones: VibrationZones;
};

export function outcomeOf(input: OutcomeInput): Outcome {
  const { assessment: a, now } = input;
  const rules = OUTCOME_RULES;
  const glitchWindows = a.glitches.length;
  const stuck = a.channels.some((c) => c.stuckNow);
  const health =
    100 * a.findings.reduce((p, f) => p * (1 - rules.healthWeight * f.condition), 1) -
    Math.min(rules.glitchPenaltyMax, glitchWindows * rules.glitchPenalty) -
    (stuck ? rules.stuckPenalty : 0);
  const multiplier = rules.hazardAtRest * Math.exp(rules.hazardGamma * a.condition);
  const failureProbability = conditionalFailureProbability(
    input.model,
    ageHours(input.history, now),
    HORIZON_HOURS,
    multiplier,
  );
  const riskLevel = riskLevelOf(a.condition, failureProbability);

  // Confidence: how much clean, recent data backs the scores (per channel) and how much own history backs the
  // reliability model.
  const dataScore = a.channels.length
    ? a.channels.reduce((sum, c) => {
        const glitchPoints = a.glitches.filter((g) => g.channel === c.channel).reduce((n, g) => n + g.points, 0);
        const clean = c.points ? 1 - glitchPoints / c.points : 0;
        const amount =
          0.5 +
          0.25 * Math.min(1, c.points / rules.fullPoints) +
          0.25 * Math.min(1, c.referencePoints / rules.fullReferencePoints);
        return sum + c.coverage * clean * amount * (c.stuckNow ? 0.5 : 1);
      }, 0) / a.channels.length
    : 0;
  const confidenceLevel = clamp01(0.1 + 0.6 * dataScore + 0.3 * (0.5 + 0.5 * input.model.historyWeight));

  const trends: Record<string, MetricTrend> = {};
  for (const c of a.channels) {
    if (c.points > 0) trends[c.channel] = { trend: c.trend, changePercent: round(c.changePercent, 1) };
  }
  return {
    healthScore: Math.round(Math.min(100, Math.max(0, health))),
    riskLevel,
    failureProbability: round(failureProbability, 4),
    confidenceLevel: round(confidenceLevel, 2),
    recommendedAction: recommend(input.valveTag, riskLevel, a, confidenceLevel),
    trends,
    anomalies: specAnomalies(a, now, input.zones),
  };
}

const iso = (t: number) => new Date(t).toISOString();
const sensorTypeOf = (c: ChannelFinding) => specSensorTypeOf(c.quantity) ?? c.channel;
const shown = (c: ChannelFinding, v: number) =>
  `${formatFixed(fromCanonical(c.quantity, v, c.displayUnit))} ${unitLabel(c.displayUnit)}`;
const formatFixed = (v: number) =>
  Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);

function duration(ms: number): string {
  const minutes = ms / 60_000;
  if (minutes >= 120) return `${Math.round(minutes / 60)} hours`;
  if (minutes >= 2) return `${Math.round(minutes)} minutes`;
  return `${Math.round(ms / 1000)} seconds`;
}

function specAnomalies(a: ConditionAssessment, now: number, zones: VibrationZones): SpecAnomaly[] {
  const byName = new Map(a.channels.map((c) => [c.channel, c]));
  const out: SpecAnomaly[] = [];
  for (const e of a.episodes) {
    const lead = byName.get(e.channels[0]?.channel ?? '');
    let description = e.description;
    for (const ch of e.channels) {
      const f = byName.get(ch.channel);
      if (f?.zone && Number.isFinite(f.level)) {
        description += ` ${ch.channel} ${shown(f, f.level)} now, ISO 20816 zone ${f.zone}: ${ZONE_MEANINGS[f.zone]}.`;
      }
    }
    out.push({
      sensorType: lead ? sensorTypeOf(lead) : 'unknown',
      severity: e.severity,
      description,
      from: iso(e.start),
      to: iso(e.end ?? now),
    });
  }
  for (const g of a.glitches) {
    const c = byName.get(g.channel) as ChannelFinding;
    out.push({
      sensorType: sensorTypeOf(c),
      severity: g.points === 1 ? 'low' : 'medium',
      description:
        `${g.points === 1 ? 'One reading' : `${g.points} readings`} far from the neighbouring values ` +
        `(${shown(c, g.extreme)} against a typical ${shown(c, c.referenceLevel)}): a transient or a sensor glitch, left out of the trend.`,
      from: iso(g.from),
      to: iso(g.to - a.gridMs),
    });
  }
  for (const s of a.stuck) {
    const c = byName.get(s.channel) as ChannelFinding;
    out.push({
      sensorType: sensorTypeOf(c),
      severity: 'low',
      description: `The ${s.channel} reading has not changed for ${duration(s.to - s.from)}: check the transmitter.`,
      from: iso(s.from),
      to: iso(s.to),
    });
  }
  // A vibration already in zone C or D that no episode names: the valve ran like that from the reference on.
  for (const c of a.channels) {
    if (!c.zone || (c.zone !== 'C' && c.zone !== 'D') || c.stuckNow) continue;
    if (a.episodes.some((e) => e.end === null && e.channels.some((ch) => ch.channel === c.channel))) continue;
    out.push({
      sensorType: sensorTypeOf(c),
      severity: severityOf(zoneCondition(c.level, zones)),
      description: `${capitalise(c.channel)} ${shown(c, c.level)}: ISO 20816 zone ${c.zone}, ${ZONE_MEANINGS[c.zone]}.`,
      from: iso(now),
      to: iso(now),
    });
  }
  return out;
}

const FAULT_NAMES: Record<Fault, string> = {
  seatLeakage: 'seat leakage',
  blockage: 'a partial blockage',
  stiction: 'stiction',
  packingFriction: 'packing friction',
  actuatorSupplyLoss: 'loss of actuator supply',
  cavitation: 'cavitation',
};
const INSPECT: Record<Fault | 'default', string> = {
  default: 'Inspect the seat, packing and actuator.',
  seatLeakage: 'Inspect the seat and plug for wear and erosion.',
  blockage: 'Inspect the trim and the upstream strainer for debris.',
  stiction: 'Inspect the packing and stem, and check the positioner.',
  packingFriction: 'Inspect the packing and stem, and check the positioner.',
  actuatorSupplyLoss: 'Check the air supply, regulator and tubing to the actuator.',
  cavitation: 'Check the downstream pressure and inspect the trim for cavitation damage.',
};

/** What an open episode or a zone finding shows, for the recommended action: "flow −38% (ISO zone C)". */
function findingText(a: ConditionAssessment, f: ConditionAssessment['findings'][number]): string {
  const byName = new Map(a.channels.map((c) => [c.channel, c]));
  const zoneText = (name: string) => {
    const c = byName.get(name);
    return c?.zone ? ` (${shown(c, c.level)}, ISO zone ${c.zone})` : '';
  };
  if (f.kind === 'zone') return `${f.channels[0]}${zoneText(f.channels[0])}`;
  const episode = a.episodes.find(
    (e) => e.end === null && e.channels.map((c) => c.channel).join() === f.channels.join(),
  );
  return (episode?.channels ?? [])
    .slice(0, 2)
    .map((c) => `${c.text}${zoneText(c.channel)}`)
    .join(', ');
}

function recommend(tag: string, risk: RiskLevel, a: ConditionAssessment, confidence: number): string {
  // The findings that matter, worst first.
  const worst = a.findings
    .filter((f) => f.condition >= 0.15)
    .sort((x, y) => y.condition - x.condition)
    .slice(0, 2)
    .map((f) => findingText(a, f));
  const fault = a.episodes.find((e) => e.end === null && e.explanation)?.explanation?.fault;
  const why = (worst.length ? `: ${worst.join('; ')}` : '') + (fault ? ` (likely ${FAULT_NAMES[fault]})` : '');
  const missing = a.channels.some((c) => c.coverage < 0.5 || c.stuckNow) || a.channels.length === 0;
  switch (risk) {
    case 'critical':
      return `Take ${tag} out of service at the first safe opportunity and repair it${why}. Raise a high-priority work order now.`;
    case 'high':
      return `Schedule corrective maintenance on ${tag} within 7 days${why}. ${INSPECT[fault ?? 'default']}`;
    case 'medium':
      return `Watch ${tag} closely and inspect it at the next round${why}.`;
    default:
      if (missing || confidence < 0.5) {
        return `Check the sensors on ${tag}: readings are missing or stuck, so this assessment rests on little data.`;
      }
      return `No action needed on ${tag}; continue routine maintenance.`;
  }
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What to do about an episode: the fault its pattern fits and the inspection that calls for (an alarm's advice). */
export function episodeAdvice(fault: string | null): string {
  const known = fault !== null && Object.hasOwn(FAULT_NAMES, fault) ? (fault as Fault) : null;
  return known ? `Likely ${FAULT_NAMES[known]}. ${INSPECT[known]}` : INSPECT.default;
}
