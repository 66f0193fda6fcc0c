import type { UpcomingMaintenanceItem } from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { CalendarClock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { interactiveCardClasses } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';
import { RiskBadge } from './risk-badge';

/** Spec §2.12 Maintenance: upcoming maintenance with valve, location, estimated date and risk badge. */
export function UpcomingMaintenance({ items }: { items: UpcomingMaintenanceItem[] }) {
  if (items.length === 0) return <EmptyState>{T.noUpcoming}</EmptyState>;
  return (
    <ul aria-label={TEXTS.analytics.tabs.maintenance} className="grid gap-2 md:grid-cols-2">
      {items.map((item) => (
        <li key={item.valve.id}>
          <Link to={`/analytics/${item.valve.id}`} className={`${interactiveCardClasses} grid gap-1 p-4`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">{item.valve.valveId}</span>
              <RiskBadge level={item.riskLevel} />
            </div>
            <p className="flex items-center gap-1.5 text-sm text-slate-700">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">
                {item.valve.location} • {item.valve.plant}
              </span>
            </p>
            <p className="flex items-center gap-1.5 text-sm text-slate-700">
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              {T.estimated} {formatDate(item.estimatedDate)}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
