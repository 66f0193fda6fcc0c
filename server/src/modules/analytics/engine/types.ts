import type { SensorType } from '@common/constants';
import type { Anomaly, AnomalySeverity, RiskLevel, Trends } from '@common/schemas/analytics';
import type { ConditionAssessment, VibrationZones } from './condition/types';

/** One reading as the engine sees it: epoch milliseconds and a value in canonical units. */
export type Reading = { sensorType: SensorType; t: number; value: number; quality?: string };

/** A valve's repair history: when failures were found and how long each repair kept it out of service. */
export type RepairHistory = {
  /** Installation (or first record) time, epoch ms. */
  installedAt: number;
  failures: { at: number; repairHours: number }[];
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
  /** The condition monitoring behind it: episodes, glitches, stuck transmitters, per-channel findings. */
  monitoring: ConditionAssessment;
};

export type { Anomaly, AnomalySeverity, RiskLevel, VibrationZones };
