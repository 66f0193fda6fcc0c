/**
 * Analytics constants both sides read: the canonical units readings are stored in, the units a historian export
 * may carry (converted by common/units.ts), the vibration zones, and the figures the dashboard's projections use.
 * docs/analytics.md gives each value's source.
 */
import type { SensorType } from './constants';

/** Stored readings are always in these units (as the demo data in server/src/demo/readings.ts). */
export const CANONICAL_UNITS = { temperature: '°F', pressure: 'PSI', vibration: 'mm/s' } as const satisfies Record<
  SensorType,
  string
>;

/** The units an import may declare per sensor; the first of each list is the canonical one. */
export const SENSOR_UNITS = {
  temperature: ['°F', '°C'],
  pressure: ['PSI', 'bar', 'kPa'],
  vibration: ['mm/s', 'in/s'],
} as const satisfies Record<SensorType, readonly string[]>;
export type SensorUnit<S extends SensorType = SensorType> = (typeof SENSOR_UNITS)[S][number];

/**
 * Vibration severity zones in mm/s RMS, ISO 20816-3 (formerly 10816-3) group 2 — medium machines on rigid
 * foundations: A/B new-machine limit, B/C long-term operation limit (warning), C/D damage limit (critical).
 * The engine takes other zones as an option; these are the defaults.
 */
export const VIBRATION_ZONES_MM_S = { ab: 1.4, bc: 2.8, cd: 4.5 } as const;

/** Risk level → the dashboard's three risk cards. */
export const RISK_GROUPS = {
  healthy: ['low'],
  atRisk: ['medium'],
  critical: ['high', 'critical'],
} as const;

/**
 * Cost assumptions of the dashboard's annual savings projection (docs/analytics.md): an unplanned valve failure
 * (emergency repair, lost production, call-out) against the same repair planned ahead.
 */
export const COST_ASSUMPTIONS_USD = { unplannedFailure: 25_000, plannedRepair: 5_000 } as const;

/** Share of the failures the engine warns of in time, as measured by the detection benchmark (recall). */
export const EARLY_WARNING_SHARE = 0.9;

export const ANALYTICS_LIMITS = {
  /** Largest batch POST /api/sensor-readings takes. */
  maxBatchReadings: 10_000,
  /** Largest CSV file POST /api/sensor-readings/bulk takes, in readings (a month of 8 channels at a minute is 345,600). */
  maxBulkReadings: 500_000,
  /** GET /api/analytics/sensor-readings: default and largest number of readings. */
  dashboardReadingsDefault: 60,
  dashboardReadingsMax: 10_000,
  /** Per sensor in a valve's analytics response: the last 7 days of hourly readings. */
  valveReadingsPerSensor: 168,
  /** Items in the dashboard's upcoming maintenance list. */
  upcomingMaintenance: 10,
} as const;
