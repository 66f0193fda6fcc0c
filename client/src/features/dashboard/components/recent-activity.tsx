import { DISPLAY_LIMITS } from '@common/constants';
import type { Activity } from '@common/schemas/dashboard';
import { activityTone } from '@common/status-styles';
import { TEXTS } from '@common/texts';
import {
  Activity as ActivityIcon,
  AlertTriangle,
  Camera,
  CircleCheck,
  ClipboardPlus,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Section } from '@/components/section';
import { TONE_CLASSES } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useActivities } from '../api/get-activities';

const ICONS: Record<string, LucideIcon> = {
  work_order_created: ClipboardPlus,
  work_order_completed: CircleCheck,
  maintenance_completed: CircleCheck,
  photo_uploaded: Camera,
  maintenance_overdue: AlertTriangle,
};

/** Where an activity's record lives, so a tap on the entry opens it. */
function entityPath({ entityType, entityId }: Activity): string | null {
  if (entityId === null) return null;
  if (entityType === 'work_order') return `/work-orders/${entityId}`;
  if (entityType === 'valve') return `/valves/${entityId}`;
  return null;
}

function ActivityRow({ activity }: { activity: Activity }) {
  const Icon = ICONS[activity.type] ?? ActivityIcon;
  const path = entityPath(activity);
  const content: ReactNode = (
    <>
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
          TONE_CLASSES[activityTone(activity.type)],
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-base break-words text-slate-900">{activity.description}</p>
        <p className="mt-0.5 text-sm text-slate-600">
          {TEXTS.dashboard.activitySource} · {formatDateTime(activity.createdAt)}
        </p>
      </div>
    </>
  );
  return path ? (
    <Link to={path} className="flex items-start gap-3 p-4 hover:bg-slate-50 active:bg-slate-100">
      {content}
    </Link>
  ) : (
    <div className="flex items-start gap-3 p-4">{content}</div>
  );
}

export function RecentActivity() {
  const { data, error, isPending, refetch } = useActivities();
  return (
    <Section id="activity" title={TEXTS.dashboard.activitySection}>
      {error ? (
        <LoadError error={error} onRetry={() => refetch()} />
      ) : isPending ? (
        <Skeletons count={DISPLAY_LIMITS.activityRowPlaceholders} label="Loading activity" itemClassName="h-20" />
      ) : data.length === 0 ? (
        <EmptyState>No recent activity.</EmptyState>
      ) : (
        <Card>
          <ul className="divide-y divide-slate-200">
            {data.map((activity) => (
              <li key={activity.id}>
                <ActivityRow activity={activity} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </Section>
  );
}
