import { SENSOR_TYPES } from '@common/constants';
import type { Trends } from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { cn } from '@/lib/cn';
import { signedPercent, trendDirection } from '../analytics-format';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';

const DIRECTION = {
  up: { icon: ArrowUp, classes: 'text-red-700', label: 'up' },
  down: { icon: ArrowDown, classes: 'text-green-700', label: 'down' },
  flat: { icon: Minus, classes: 'text-slate-700', label: 'no change' },
} as const;

/** Spec §2.13 Trends: per metric its trend text and change, red with an up arrow when positive, green and down when negative. */
export function ValveTrends({ trends }: { trends: Trends | undefined }) {
  const metrics = SENSOR_TYPES.flatMap((sensorType) => {
    const trend = trends?.[sensorType];
    return trend ? [{ sensorType, ...trend }] : [];
  });
  if (metrics.length === 0) return <EmptyState>{T.noTrends}</EmptyState>;
  return (
    <ul aria-label={TEXTS.analytics.valve.tabs.trends} className="grid gap-2 sm:grid-cols-3">
      {metrics.map(({ sensorType, trend, changePercent }) => {
        const direction = DIRECTION[trendDirection(changePercent)];
        const Icon = direction.icon;
        return (
          <li key={sensorType} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-sm font-medium text-slate-700">{T.sensorNames[sensorType]}</p>
            <p className="mt-1 text-lg font-semibold text-slate-900 capitalize">{trend}</p>
            <p className={cn('mt-1 flex items-center gap-1 text-xl font-bold tabular-nums', direction.classes)}>
              <Icon className="size-5" aria-label={direction.label} />
              {signedPercent(changePercent)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
