/**
 * One valve's assessment: sensor conditions combined into a health score, a condition-scaled Weibull failure
 * probability, a risk level, a confidence and a recommended action. Pure: readings and history in, scores out.
 */
import { CANONICAL_UNITS, VIBRATION_ZONES_MM_S } from '@common/analytics';
import { SENSOR_TYPES, type SensorType } from '@common/constants';
import type { Trends } from '@common/schemas/analytics';
import { assessSensor, SENSOR_RULES, vibrationZone } from './sensor';
import { clamp } from './stats';
import type { Assessment, Reading, RepairHistory, RiskLevel, SensorAssessment, VibrationZones } from './types';
import { conditionalFailureProbability, type WeibullModel } from './weibull';

const HOUR = 3_600_000;
export const HORIZON_HOURS = 30 * 24;

export const ASSESSMENT_RULES = {
  /** Health loses up to this share per sensor at full condition: 100·Π(1 − w·cₛ). */
  healthWeight: 0.85,
  /** Points off the health score per glitch window (at most `glitchPenaltyMax`) and for a stuck sensor. */
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
} as const;

export type AssessInput = {
  valveTag: string;
  readings: readonly Reading[];
  history: RepairHistory;
  model: WeibullModel;
  now: number;
  zones?: VibrationZones;
};

export function riskLevelOf(condition: number, probability: number): RiskLevel {
  const r = ASSESSMENT_RULES.risk;
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

export function assessValve(input: AssessInput): Assessment {
  const zones = input.zones ?? VIBRATION_ZONES_MM_S;
  const bySensor = new Map<SensorType, Reading[]>();
  for (const r of input.readings) {
    const list = bySensor.get(r.sensorType);
    if (list) list.push(r);
    else bySensor.set(r.sensorType, [r]);
  }
  const sensors = SENSOR_TYPES.map((s) => assessSensor(s, bySensor.get(s) ?? [], input.now, zones)).filter(
    (s): s is SensorAssessment => s !== null,
  );

  const w = ASSESSMENT_RULES.healthWeight;
  const condition = 1 - sensors.reduce((p, s) => p * (1 - s.condition), 1);
  const glitchWindows = sensors.reduce((n, s) => n + s.glitchWindows, 0);
  const stuck = sensors.some((s) => s.stuckHours >= SENSOR_RULES.stuckHours);
  const health =
    100 * sensors.reduce((p, s) => p * (1 - w * s.condition), 1) -
    Math.min(ASSESSMENT_RULES.glitchPenaltyMax, glitchWindows * ASSESSMENT_RULES.glitchPenalty) -
    (stuck ? ASSESSMENT_RULES.stuckPenalty : 0);

  const multiplier = ASSESSMENT_RULES.hazardAtRest * Math.exp(ASSESSMENT_RULES.hazardGamma * condition);
  const failureProbability = conditionalFailureProbability(
    input.model,
    ageHours(input.history, input.now),
    HORIZON_HOURS,
    multiplier,
  );
  const riskLevel = riskLevelOf(condition, failureProbability);

  // Confidence: how much clean, recent data backs the scores (per expected sensor) and how much own history
  // backs the reliability model.
  const dataScore =
    sensors.reduce((sum, s) => {
      const clean = 1 - s.outliers / s.count;
      const baselineDays = Math.min(1, s.count / (14 * 24));
      const stuckFactor = s.stuckHours >= SENSOR_RULES.stuckHours ? 0.5 : 1;
      return sum + s.coverage * clean * (0.5 + 0.5 * baselineDays) * stuckFactor;
    }, 0) / SENSOR_TYPES.length;
  const historyScore = 0.5 + 0.5 * input.model.historyWeight;
  const confidenceLevel = clamp(0.1 + 0.6 * dataScore + 0.3 * historyScore, 0, 1);

  const trends: Trends = {};
  for (const s of sensors) trends[s.sensorType] = { trend: s.trend, changePercent: round(s.changePercent, 1) };

  return {
    healthScore: Math.round(clamp(health, 0, 100)),
    riskLevel,
    failureProbability: round(failureProbability, 4),
    confidenceLevel: round(confidenceLevel, 2),
    recommendedAction: recommend(input.valveTag, riskLevel, sensors, confidenceLevel, zones),
    trends,
    anomalies: sensors.flatMap((s) => s.anomalies),
    condition,
    sensors,
  };
}

function finding(s: SensorAssessment, zones: VibrationZones): string {
  const unit = CANONICAL_UNITS[s.sensorType];
  const change = `${s.changePercent >= 0 ? 'up' : 'down'} ${Math.abs(s.changePercent).toFixed(0)}%`;
  if (s.sensorType === 'vibration') {
    return `vibration ${s.level.toFixed(1)} ${unit} (${change}, ISO zone ${vibrationZone(s.level, zones)})`;
  }
  return `${s.sensorType} ${change} to ${s.level.toFixed(0)} ${unit}`;
}

function recommend(
  tag: string,
  risk: RiskLevel,
  sensors: SensorAssessment[],
  confidence: number,
  zones: VibrationZones,
): string {
  // The findings that matter, worst first; at equal condition vibration leads, the earliest sign of wear.
  const findings = sensors
    .filter((s) => s.condition >= 0.15)
    .sort(
      (a, b) => b.condition - a.condition || SENSOR_TYPES.indexOf(b.sensorType) - SENSOR_TYPES.indexOf(a.sensorType),
    )
    .slice(0, 2)
    .map((s) => finding(s, zones));
  const why = findings.length ? `: ${findings.join('; ')}` : '';
  const missing =
    sensors.length < SENSOR_TYPES.length ||
    sensors.some((s) => s.coverage < 0.5 || s.stuckHours >= SENSOR_RULES.stuckHours);
  switch (risk) {
    case 'critical':
      return `Take ${tag} out of service at the first safe opportunity and repair it${why}. Raise a high-priority work order now.`;
    case 'high':
      return `Schedule corrective maintenance on ${tag} within 7 days${why}. Inspect the seat, packing and actuator.`;
    case 'medium':
      return `Watch ${tag} closely and inspect it at the next round${why}.`;
    default:
      if (missing || confidence < 0.5) {
        return `Check the sensors on ${tag}: readings are missing or stuck, so this assessment rests on little data.`;
      }
      return `No action needed on ${tag}; continue routine maintenance.`;
  }
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
