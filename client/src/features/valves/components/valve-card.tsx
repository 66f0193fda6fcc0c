import type { ValveSummary } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import { CalendarClock, ChevronRight, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { interactiveCardClasses } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { ValveStatusBadge } from './valve-status-badge';

/** One valve as a tappable card opening its detail screen. */
export function ValveCard({ valve, className }: { valve: ValveSummary; className?: string }) {
  return (
    <Link to={`/valves/${valve.id}`} className={cn(interactiveCardClasses, 'p-4', className)}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-bold text-slate-900">{valve.valveId}</p>
          <p className="text-base text-slate-700">
            {valve.type} · {valve.size} · {valve.pressure}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <ValveStatusBadge status={valve.status} />
          <ChevronRight className="size-5 text-slate-400" aria-hidden="true" />
        </div>
      </div>
      <p className="mt-2 flex items-start gap-1.5 text-base text-slate-700">
        <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="min-w-0 break-words">
          <span className="font-semibold">{valve.plant}</span> — {valve.location}
        </span>
      </p>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
        <CalendarClock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        {TEXTS.valves.next} {formatDate(valve.nextMaintenance)}
      </p>
    </Link>
  );
}
