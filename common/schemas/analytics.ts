/**
 * The analytics contract (spec §3 and §7): readings in, the engine's results out. Units are canonical
 * (common/analytics.ts: °F, PSI, mm/s). ANALYTICS endpoints:
 *   POST /api/sensor-readings                 sensorReadingBatch → sensorReadingBatchResult
 *   GET  /api/analytics/dashboard             → dashboardSummary
 *   GET  /api/analytics/sensor-readings       ?valveId&limit → dashboardSensorReading[]
 *   GET  /api/analytics/predictive            → predictiveAnalytics[]
 *   GET  /api/analytics/performance-metrics   → performanceMetrics[]
 *   GET  /api/analytics/valves/:id            → valveAnalytics
 *   POST /api/analytics/predictive/:id        no body → valveAnalytics (after the engine ran and stored)
 *   GET  /api/analytics/valves/:id/anomalies  ?from&to → anomalyEpisode[] (oldest first, overlapping the span)
 *   GET  /api/analytics/valves/:id/channels   → valveChannels (rollups for the charts)
 *   GET  /api/valves/:id/reference-period     → referencePeriod;  PUT with referencePeriodInput → referencePeriod
 */
import { z } from 'zod';
import { ANALYTICS_LIMITS } from '../analytics';
import { READING_QUALITIES, RISK_LEVELS, SENSOR_TYPES, VALVE_TAG_MESSAGE, VALVE_TAG_PATTERN } from '../constants';
import { normaliseUnit } from '../quantities';
import { isoDateTime, recordId } from './params';

export const sensorType = z.enum(SENSOR_TYPES, { error: 'must be temperature, pressure or vibration' });
export const readingQuality = z.enum(READING_QUALITIES, { error: 'must be good, warning or critical' });
export const riskLevel = z.enum(RISK_LEVELS);

/** A channel's free name as historians and MQTT topics carry it: `flow`, `P1_upstream`, `motor current`. */
export const channelName = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(64, { error: 'must be at most 64 characters' })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u, {
    error: 'must be letters, digits, spaces, _ . or -, starting with a letter or digit',
  });
export type RiskLevel = z.infer<typeof riskLevel>;

/** One reading as the server sends it (spec §3). */
export const sensorReading = z.object({
  timestamp: isoDateTime,
  sensorType,
  value: z.number(),
  quality: readingQuality,
});
export type SensorReading = z.infer<typeof sensorReading>;

/** GET /api/analytics/sensor-readings: the reading plus the human tag of the valve it came from. */
export const dashboardSensorReading = sensorReading.extend({ valveId: z.string() });
export type DashboardSensorReading = z.infer<typeof dashboardSensorReading>;

export const dashboardSensorReadingsQuery = z.object({
  /** Numeric valve id; without it, the valve at highest risk that has readings (see ANALYTICS-CONTRACT notes). */
  valveId: recordId.optional(),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(ANALYTICS_LIMITS.dashboardReadingsMax, { error: `must be at most ${ANALYTICS_LIMITS.dashboardReadingsMax}` })
    .default(ANALYTICS_LIMITS.dashboardReadingsDefault),
});
export type DashboardSensorReadingsQuery = z.infer<typeof dashboardSensorReadingsQuery>;

/**
 * One reading in a batch. `valveId` is the human tag (V-001-BV), as a historian export or a tag list carries it,
 * not the database id. Either `sensorType` (the spec's three sensors, value in their stored unit: °F, PSI, mm/s) or
 * `channel` and `unit` (any named channel: `flow` in `L/min`; a channel named like a spec sensor is that sensor).
 * A channel is created on first sight with its quantity (from the unit, and the name where the unit measures
 * several) and keeps it: a later reading in another unit of that quantity is converted, one of another quantity is
 * refused. Without `quality` the server derives it: vibration from the ISO zones, the others 'good'.
 */
export const sensorReadingFields = z.object({
  valveId: z.string().trim().regex(VALVE_TAG_PATTERN, { error: VALVE_TAG_MESSAGE }),
  timestamp: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }),
  sensorType: sensorType.optional(),
  channel: channelName.optional(),
  unit: z
    .string()
    .trim()
    .refine((u) => normaliseUnit(u) !== null, { error: 'is not a unit we know (such as L/min, A, V, bar, degC, g)' })
    .optional(),
  value: z.number({ error: 'must be a number' }).finite({ error: 'must be a finite number' }),
  quality: readingQuality.optional(),
});
export const sensorReadingInput = sensorReadingFields.superRefine((r, ctx) => {
  if (r.sensorType === undefined && r.channel === undefined)
    ctx.addIssue({ code: 'custom', path: ['channel'], message: 'give a channel and unit, or a sensorType' });
  if (r.sensorType !== undefined && r.channel !== undefined)
    ctx.addIssue({ code: 'custom', path: ['channel'], message: 'give either a channel or a sensorType, not both' });
  if (r.channel !== undefined && r.unit === undefined)
    ctx.addIssue({ code: 'custom', path: ['unit'], message: 'is needed with a channel' });
});
export type SensorReadingInput = z.infer<typeof sensorReadingInput>;

/** POST /api/sensor-readings body: written in one statement; a reading already stored is skipped, not an error. */
export const sensorReadingBatch = z.object({
  readings: z
    .array(sensorReadingInput)
    .min(1, { error: 'must hold at least one reading' })
    .max(ANALYTICS_LIMITS.maxBatchReadings, {
      error: `must hold at most ${ANALYTICS_LIMITS.maxBatchReadings} readings`,
    }),
});
export type SensorReadingBatch = z.infer<typeof sensorReadingBatch>;

export const sensorReadingBatchResult = z.object({
  received: z.number(),
  /** Newly stored (a replayed batch inserts 0). */
  inserted: z.number(),
  /** Already stored at that time with another value, now corrected to the new one (issue 17, item 12). */
  updated: z.number(),
  /** Already stored with the same value: nothing written. received = inserted + updated + duplicates. */
  duplicates: z.number(),
});
export type SensorReadingBatchResult = z.infer<typeof sensorReadingBatchResult>;

/** Per metric: a trend text ('rising', 'falling', 'stable') and the change in percent over the last 7 days. */
export const metricTrend = z.object({
  trend: z.string(),
  changePercent: z.number(),
});
export type MetricTrend = z.infer<typeof metricTrend>;
export const trends = z.partialRecord(sensorType, metricTrend);
export type Trends = z.infer<typeof trends>;

export const anomalySeverity = z.enum(['low', 'medium', 'high', 'critical']);
export type AnomalySeverity = z.infer<typeof anomalySeverity>;
export const anomaly = z.object({
  /** The spec's sensor type of the episode's lead channel, or the channel's name when it has none (`flow`). */
  sensorType: z.string(),
  severity: anomalySeverity,
  description: z.string(),
  /** The window where it was seen. */
  from: isoDateTime,
  to: isoDateTime,
});
export type Anomaly = z.infer<typeof anomaly>;

/** Spec §3 predictive analytics. trends and anomalies are sent as JSON values, not JSON text. */
export const predictiveAnalytics = z.object({
  id: z.number(),
  /** Numeric valve id (the Health Scores chart labels it 'V-' + 3 digits). */
  valveId: z.number(),
  /** Human tag, for display. */
  valveTag: z.string(),
  /** 0-100. */
  healthScore: z.number(),
  riskLevel,
  /** 0-1, next 30 days. */
  failureProbability: z.number(),
  /** 0-1. */
  confidenceLevel: z.number(),
  recommendedAction: z.string().nullable(),
  trends,
  anomalies: z.array(anomaly),
  computedAt: isoDateTime,
});
export type PredictiveAnalytics = z.infer<typeof predictiveAnalytics>;

/** Spec §3 performance metrics; availability and reliability 0-1, mtbf/mttr/operatingHours in hours. */
export const performanceMetrics = z.object({
  id: z.number(),
  valveId: z.number(),
  valveTag: z.string(),
  availability: z.number(),
  reliability: z.number(),
  mtbf: z.number(),
  mttr: z.number(),
  operatingHours: z.number(),
  cycleCount: z.number(),
  computedAt: isoDateTime,
});
export type PerformanceMetrics = z.infer<typeof performanceMetrics>;

/** GET /api/analytics/valves/:id. valveId is the human tag; id the numeric one. */
export const valveAnalytics = z.object({
  id: z.number(),
  valveId: z.string(),
  location: z.string(),
  plant: z.string(),
  predictiveAnalytics: predictiveAnalytics.nullable(),
  performanceMetrics: performanceMetrics.nullable(),
  /** The last 7 days (up to 168 per sensor), oldest first. */
  sensorReadings: z.array(sensorReading),
});
export type ValveAnalytics = z.infer<typeof valveAnalytics>;

export const upcomingMaintenanceItem = z.object({
  valve: z.object({ id: z.number(), valveId: z.string(), location: z.string(), plant: z.string() }),
  estimatedDate: isoDateTime,
  riskLevel,
});
export type UpcomingMaintenanceItem = z.infer<typeof upcomingMaintenanceItem>;

/** GET /api/analytics/dashboard (docs/analytics.md defines predictedFailures and costSavings). */
export const dashboardSummary = z.object({
  totalValves: z.number(),
  /** 0-100 over the analysed valves. */
  averageHealthScore: z.number(),
  /** Expected number of failures in the next 30 days: the sum of the valves' probabilities, rounded. */
  predictedFailures: z.number(),
  /** Annual projection in dollars. */
  costSavings: z.number(),
  healthyValves: z.number(),
  atRiskValves: z.number(),
  criticalValves: z.number(),
  upcomingMaintenance: z.array(upcomingMaintenanceItem),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** One channel's part in an episode: which way it moved and by how much against the reference. */
export const episodeChannel = z.object({
  channel: z.string(),
  direction: z.enum(['up', 'down']),
  /** In percent of the reference level ('%'), else in the channel's unit (°C) or points of travel (changeUnit). */
  change: z.number(),
  changeUnit: z.string(),
  /** "flow −38%". */
  text: z.string(),
});
export type EpisodeChannel = z.infer<typeof episodeChannel>;

/** GET /api/analytics/valves/:id/anomalies: an anomaly episode (docs/analytics.md § Episodes). */
export const anomalyEpisode = z.object({
  start: isoDateTime,
  /** Null while it lasts. */
  end: isoDateTime.nullable(),
  severity: anomalySeverity,
  channels: z.array(episodeChannel),
  description: z.string(),
  /** The valve fault the pattern fits (seatLeakage, blockage, stiction, ...), when one does. */
  fault: z.string().nullable(),
});
export type AnomalyEpisode = z.infer<typeof anomalyEpisode>;

const isoInstant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' });

/** ?from&to of the anomalies list; both optional (from: the beginning, to: now), from before to. */
export const anomaliesQuery = z
  .object({ from: isoInstant.optional(), to: isoInstant.optional() })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    path: ['from'],
    error: 'must be before to',
  });
export type AnomaliesQuery = z.infer<typeof anomaliesQuery>;

/** PUT /api/valves/:id/reference-period: the span an engineer marks as healthy. */
export const referencePeriodInput = z
  .object({ from: isoInstant, to: isoInstant })
  .refine((p) => Date.parse(p.from) < Date.parse(p.to), { path: ['to'], error: 'must be after from' });
export type ReferencePeriodInput = z.infer<typeof referencePeriodInput>;

export const referencePeriod = z.object({
  /** Null while the valve has no readings to take a default from. */
  from: isoDateTime.nullable(),
  to: isoDateTime.nullable(),
  /** 'engineer': marked by someone; 'default': the engine's own choice (none marked yet). */
  source: z.enum(['engineer', 'default']),
  setBy: z.string().nullable(),
  setAt: isoDateTime.nullable(),
});
export type ReferencePeriod = z.infer<typeof referencePeriod>;

/** A channel of a valve with its latest rollup buckets, in the channel's own unit. */
export const valveChannel = z.object({
  name: z.string(),
  quantity: z.string(),
  unit: z.string(),
  points: z.array(z.object({ t: isoDateTime, mean: z.number(), min: z.number(), max: z.number() })),
});
export type ValveChannel = z.infer<typeof valveChannel>;

/** GET /api/analytics/valves/:id/channels: the last day per minute, or the last week per hour for longer records. */
export const valveChannels = z.object({ stepMs: z.number(), channels: z.array(valveChannel) });
export type ValveChannels = z.infer<typeof valveChannels>;
