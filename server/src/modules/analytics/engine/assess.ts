/**
 * One valve's assessment: condition monitoring of its channels (condition/), turned into the spec's results —
 * health score, condition-scaled Weibull failure probability, risk level, confidence, recommended action, trends
 * and anomalies. `assessValve` keeps the spec's three hourly sensors working by handing them to the same engine as
 * three channels. Pure: readings and history in, scores out.
 */
import { VIBRATION_ZONES_MM_S } from '@common/analytics';
import { SENSOR_TYPES, type SensorType } from '@common/constants';
import { type Quantity, toCanonical } from '@common/quantities';
import type { Anomaly, Trends } from '@common/schemas/analytics';
import { assessCondition } from './condition/assess';
import { outcomeOf } from './condition/outcome';
import { defaultReferencePeriod } from './condition/period';
import type { ChannelSeries, ConditionInput, Span } from './condition/types';
import type { Assessment, Reading, RepairHistory, VibrationZones } from './types';
import type { WeibullModel } from './weibull';

const DAY = 86_400_000;
/** The spec's sensors look back 30 days. */
export const SENSOR_WINDOW_DAYS = 30;

export { ageHours, HORIZON_HOURS, riskLevelOf } from './condition/outcome';

/** A valve's channels assessed against its reference, with the spec's results. */
export function assessValveChannels(
  input: ConditionInput & { history: RepairHistory; model: WeibullModel },
): Omit<Assessment, 'trends' | 'anomalies'> & ReturnType<typeof outcomeOf> {
  const monitoring = assessCondition(input);
  const outcome = outcomeOf({
    valveTag: input.valveTag,
    assessment: monitoring,
    history: input.history,
    model: input.model,
    now: input.window.to,
    zones: input.options?.zones ?? VIBRATION_ZONES_MM_S,
  });
  return { ...outcome, condition: monitoring.condition, monitoring };
}

export type AssessInput = {
  valveTag: string;
  /** The period an engineer marked healthy; without it the default (the first days of the readings). */
  reference?: Span;
  readings: readonly Reading[];
  history: RepairHistory;
  model: WeibullModel;
  now: number;
  zones?: VibrationZones;
};

/** The spec's sensors as channels: quantity, the unit they are stored in, and the unit they are shown in. */
const SPEC_SENSORS: Record<SensorType, { quantity: Quantity; unit: string }> = {
  temperature: { quantity: 'temperature', unit: 'degF' },
  pressure: { quantity: 'pressure', unit: 'psi' },
  vibration: { quantity: 'vibrationVelocity', unit: 'mm/s' },
};

const isSensorType = (s: string): s is SensorType => (SENSOR_TYPES as readonly string[]).includes(s);

/**
 * The spec's three sensors (hourly readings in °F, PSI and mm/s over the last 30 days), assessed as channels
 * against the default reference period: the first days of their readings.
 */
export function assessValve(input: AssessInput): Assessment {
  const window = { from: input.now - SENSOR_WINDOW_DAYS * DAY, to: input.now };
  const inWindow = input.readings.filter((r) => r.t > window.from && r.t <= window.to && Number.isFinite(r.value));
  const first = inWindow.reduce((m, r) => Math.min(m, r.t), input.now);
  const reference = input.reference ?? defaultReferencePeriod(first, null, input.now);
  const channels: ChannelSeries[] = SENSOR_TYPES.map((sensor) => {
    const { quantity, unit } = SPEC_SENSORS[sensor];
    const buckets = inWindow
      .filter((r) => r.sensorType === sensor)
      .sort((a, b) => a.t - b.t)
      .map((r) => {
        const v = toCanonical(quantity, r.value, unit);
        return { t: r.t, count: 1, mean: v, min: v, max: v, last: v };
      });
    return {
      name: sensor,
      quantity,
      displayUnit: unit,
      reference: { stepMs: 0, buckets: buckets.filter((b) => b.t > reference.from && b.t <= reference.to) },
      window: { stepMs: 0, buckets },
    };
  });
  const result = assessValveChannels({
    valveTag: input.valveTag,
    channels,
    reference,
    window,
    history: input.history,
    model: input.model,
    options: input.zones ? { zones: input.zones } : undefined,
  });
  return specResultsOf(result);
}

/**
 * The spec's results of any valve's assessment: trends of the spec's three sensors; anomalies of every channel
 * (a channel without a spec sensor type is named by its name, so a flow episode is listed too).
 */
export function specResultsOf(result: ReturnType<typeof assessValveChannels>): Assessment {
  const trends: Trends = {};
  for (const [name, trend] of Object.entries(result.trends)) if (isSensorType(name)) trends[name] = trend;
  const anomalies: Anomaly[] = result.anomalies;
  return { ...result, trends, anomalies };
}
