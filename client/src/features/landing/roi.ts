/**
 * The ROI estimate of the landing page: the spec's own claims (25-35% lower costs, 40% less downtime, §9
 * 'Marketing statics') applied to the visitor's figures. No other factor is assumed.
 */
export const ROI_CLAIMS = { costLow: 0.25, costHigh: 0.35, downtime: 0.4 } as const;

export type RoiEstimate = { savingLow: number; savingHigh: number; downtimeHoursSaved: number };

/** Blank or negative inputs count as 0: an estimate of nothing, never NaN on the page. */
export function estimateRoi(annualSpend: number, downtimeHours: number): RoiEstimate {
  const spend = Number.isFinite(annualSpend) && annualSpend > 0 ? annualSpend : 0;
  const hours = Number.isFinite(downtimeHours) && downtimeHours > 0 ? downtimeHours : 0;
  return {
    savingLow: Math.round(spend * ROI_CLAIMS.costLow),
    savingHigh: Math.round(spend * ROI_CLAIMS.costHigh),
    downtimeHoursSaved: Math.round(hours * ROI_CLAIMS.downtime),
  };
}
