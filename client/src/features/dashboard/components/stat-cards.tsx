import { DISPLAY_LIMITS } from '@common/constants';
import type { DashboardStats } from '@common/schemas/dashboard';
import { TEXTS } from '@common/texts';
import { AlertTriangle, CircleCheck, ClipboardCheck, ClipboardList, type LucideIcon } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { formatAge, useOfflineAnswers } from '@/lib/offline/offline-answers';
import { useDashboardStats } from '../api/get-dashboard-stats';

const STATS: { key: keyof DashboardStats; icon: LucideIcon; accent: string; format?: (n: number) => string }[] = [
  { key: 'activeWorkOrders', icon: ClipboardList, accent: 'text-brand-700' },
  { key: 'overdueItems', icon: AlertTriangle, accent: 'text-red-700' },
  { key: 'inspectionsToday', icon: ClipboardCheck, accent: 'text-amber-700' },
  { key: 'completionRate', icon: CircleCheck, accent: 'text-green-700', format: (n) => `${n}%` },
];

export function StatCards() {
  const { data, error, isPending, refetch } = useDashboardStats();
  // With no signal the figures are the saved ones or worked out from the kept copy: say so beside them.
  const savedAt = useOfflineAnswers().get('/api/dashboard/stats');

  if (error) return <LoadError className="mt-6" error={error} onRetry={() => refetch()} />;
  const grid = 'mt-6 grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4';
  if (isPending) {
    return (
      <Skeletons
        count={DISPLAY_LIMITS.statCardPlaceholders}
        label="Loading key figures"
        className={grid}
        itemClassName="h-28"
      />
    );
  }

  return (
    <>
      {savedAt === undefined ? null : (
        <p className="mt-4 -mb-3 text-sm font-medium text-sky-900" data-testid="figures-from-device">
          From the copy on this device, saved {formatAge(savedAt)}
        </p>
      )}
      <ul aria-label="Key figures" className={`grid ${grid}`}>
        {STATS.map(({ key, icon: Icon, accent, format }) => (
          <li key={key}>
            <Card className="flex h-full flex-col justify-between gap-2 p-4">
              <Icon className={`size-6 ${accent}`} aria-hidden="true" />
              <div>
                <p className="text-3xl font-bold text-slate-900 tabular-nums">
                  {format ? format(data[key]) : data[key]}
                </p>
                <p className="text-sm font-medium text-slate-600">{TEXTS.dashboard.stats[key]}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
