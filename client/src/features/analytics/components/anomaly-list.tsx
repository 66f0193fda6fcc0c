import type { Anomaly } from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { EmptyState } from '@/components/empty-state';
import { formatDateTime } from '@/lib/format';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';
import { RiskBadge } from './risk-badge';

/** Spec §2.13 Anomalies: sensor, severity badge and description, with the window where it was seen. */
export function AnomalyList({ anomalies }: { anomalies: Anomaly[] }) {
  if (anomalies.length === 0) return <EmptyState>{TEXTS.analytics.valve.noAnomalies}</EmptyState>;
  return (
    <ul aria-label={TEXTS.analytics.valve.tabs.anomalies} className="grid gap-2">
      {anomalies.map((anomaly) => (
        <li
          key={`${anomaly.sensorType}-${anomaly.from}-${anomaly.description}`}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold text-slate-900">
              {T.sensorNames[anomaly.sensorType as keyof typeof T.sensorNames] ?? anomaly.sensorType}
            </span>
            <RiskBadge level={anomaly.severity} />
          </div>
          <p className="mt-1 text-base text-slate-800">{anomaly.description}</p>
          <p className="mt-1 text-sm text-slate-600">
            {T.anomalyWindow} {formatDateTime(anomaly.from)} – {formatDateTime(anomaly.to)}
          </p>
        </li>
      ))}
    </ul>
  );
}
