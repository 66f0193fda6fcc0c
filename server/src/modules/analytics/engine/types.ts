import type { SensorType } from '@common/constants';
import type { Anomaly, AnomalySeverity, RiskLevel, Trends } from '@common/schemas/analytics';

/** One reading as the engine sees it: epoch milliseconds and a value in canonical units. */
export type Reading = { sensorType: SensorType; t: number; value: number; quality?: string };

/** A valve's repair history: when failures were found and how long each repair kept it out of service. */
export type RepairHistory = {
  /** Installation (or first record) time, epoch ms. */
  installedAt: number;
  failures: { at: number; repairHours: number }[];
};

/** Vibration severity zone boundaries in mm/s RMS (ISO 20816-3 style). */
export type VibrationZones = { ab: number; bc: number; cd: number };

export type SensorAssessment = {
  sensorType: SensorType;
  /** Readings in the analysis window. */
  count: number;
  baseline: number;
  sigma: number;
  /** Robust level of the last 24 h (median of cleaned readings). */
  level: number;
  ewma: number;
  levelZ: number;
  changePercent: number;
  /** Least-squares slope over the last 7 days, units per day. */
  slopePerDay: number;
  trend: 'rising' | 'falling' | 'stable';
  /** 0 (as baseline) to 1 (at the failure threshold). */
  condition: number;
  /** Readings the Hampel filter judged glitches. */
  outliers: number;
  /** Windows of glitch readings, each reported as an anomaly. */
  glitchWindows: number;
  stuckHours: number;
  /** Share of the expected hourly readings of the last 7 days that arrived, 0-1. */
  coverage: number;
  anomalies: Anomaly[];
};

export type Assessment = {
  healthScore: number;
  riskLevel: RiskLevel;
  failureProbability: number;
  confidenceLevel: number;
  recommendedAction: string;
  trends: Trends;
  anomalies: Anomaly[];
  /** Combined condition 0-1 the hazard is scaled by. */
  condition: number;
  sensors: SensorAssessment[];
};

export type { Anomaly, AnomalySeverity, RiskLevel };
