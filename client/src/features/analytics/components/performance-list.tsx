import { DISPLAY_LIMITS } from '@common/constants';
import type { PerformanceMetrics } from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { buttonClasses } from '@/components/ui/button';
import { interactiveCardClasses } from '@/components/ui/card';
import { formatHours, sharePercent } from '../analytics-format';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';

const P = TEXTS.analytics.performance;

function ShareBar({ label, share }: { label: string; share: number }) {
  const percent = Math.max(0, Math.min(100, share * 100));
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span className="text-slate-700">{label}</span>
        <span className="font-semibold text-slate-900 tabular-nums">{sharePercent(share, 1)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * Spec §2.12 Performance: 6 valves with availability %, reliability % and MTBF in hours. The server lists them
 * most at risk first, so the six are the six to look at; the rest are one link away (`?all=1`).
 */
export function PerformanceList({ metrics, showAll }: { metrics: PerformanceMetrics[]; showAll: boolean }) {
  if (metrics.length === 0) return <EmptyState>{T.noPerformance}</EmptyState>;
  const shown = showAll ? metrics : metrics.slice(0, DISPLAY_LIMITS.performanceValves);
  const rest = metrics.length - shown.length;
  return (
    <>
      <ul aria-label={TEXTS.analytics.tabs.performance} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((m) => (
          <li key={m.id}>
            <Link to={`/analytics/${m.valveId}`} className={`${interactiveCardClasses} grid gap-3 p-4`}>
              <p className="font-semibold text-slate-900">{m.valveTag}</p>
              <ShareBar label={P.availability} share={m.availability} />
              <ShareBar label={P.reliability} share={m.reliability} />
              <p className="flex justify-between text-sm">
                <span className="text-slate-700">{P.mtbf}</span>
                <span className="font-semibold text-slate-900 tabular-nums">{formatHours(m.mtbf)}</span>
              </p>
            </Link>
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <Link to="/analytics?tab=performance&all=1" className={buttonClasses('outline', 'md', 'mt-3 w-full sm:w-auto')}>
          Show the other {rest} {rest === 1 ? 'valve' : 'valves'}, most at risk first
        </Link>
      ) : null}
    </>
  );
}
