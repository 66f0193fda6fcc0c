import type { PerformanceMetrics } from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { EmptyState } from '@/components/empty-state';
import { formatCount, formatHours, sharePercent } from '../analytics-format';

/** Spec §2.13 Performance: availability and reliability with 2 decimals, MTBF, MTTR, operating hours, cycle count. */
export function ValvePerformance({ metrics }: { metrics: PerformanceMetrics | null }) {
  const P = TEXTS.analytics.valve.performance;
  if (!metrics) return <EmptyState>{TEXTS.analytics.valve.noPerformance}</EmptyState>;
  const rows: [string, string][] = [
    [P.availability, sharePercent(metrics.availability, 2)],
    [P.reliability, sharePercent(metrics.reliability, 2)],
    [P.mtbf, formatHours(metrics.mtbf)],
    [P.mttr, formatHours(metrics.mttr)],
    [P.operatingHours, formatHours(metrics.operatingHours)],
    [P.cycleCount, formatCount(metrics.cycleCount)],
  ];
  return (
    <dl aria-label={TEXTS.analytics.valve.tabs.performance} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-slate-700">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
