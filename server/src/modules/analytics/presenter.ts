import type { Anomaly, PerformanceMetrics, PredictiveAnalytics, RiskLevel, Trends } from '@common/schemas/analytics';
import type { performanceMetrics, predictiveAnalytics } from '../../db/schema';

export function presentPredictive(row: typeof predictiveAnalytics.$inferSelect, valveTag: string): PredictiveAnalytics {
  return {
    id: row.id,
    valveId: row.valveId,
    valveTag,
    healthScore: row.healthScore,
    riskLevel: row.riskLevel as RiskLevel,
    failureProbability: row.failureProbability,
    confidenceLevel: row.confidenceLevel,
    recommendedAction: row.recommendedAction,
    trends: row.trends as Trends,
    anomalies: row.anomalies as Anomaly[],
    computedAt: row.computedAt.toISOString(),
  };
}

export function presentPerformance(row: typeof performanceMetrics.$inferSelect, valveTag: string): PerformanceMetrics {
  return {
    id: row.id,
    valveId: row.valveId,
    valveTag,
    availability: row.availability,
    reliability: row.reliability,
    mtbf: row.mtbf,
    mttr: row.mttr,
    operatingHours: row.operatingHours,
    cycleCount: row.cycleCount,
    computedAt: row.computedAt.toISOString(),
  };
}
