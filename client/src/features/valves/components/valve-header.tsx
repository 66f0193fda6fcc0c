import type { ValveDetail } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import { CalendarClock, MapPin } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { ValveStatusBadge } from './valve-status-badge';

export function ValveHeader({ valve }: { valve: ValveDetail }) {
  return (
    <header>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-slate-900">{valve.valveId}</h1>
        <ValveStatusBadge status={valve.status} />
      </div>
      <p className="mt-1 text-base text-slate-700">
        {valve.type} · {valve.manufacturer} {valve.model}
      </p>
      <p className="mt-2 flex items-start gap-1.5 text-base text-slate-700">
        <MapPin className="mt-1 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="min-w-0 break-words">
          <span className="font-semibold">{valve.plant}</span> — {valve.location}
        </span>
      </p>
      <p className="mt-1 flex items-center gap-1.5 text-base text-slate-700">
        <CalendarClock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        {TEXTS.valves.next} {formatDate(valve.nextMaintenance)}
      </p>
    </header>
  );
}
