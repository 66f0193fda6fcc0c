import type { PlantAlarmPerformance } from '@common/schemas/alarms';
import { alarmPriorityTone } from '@common/status-styles';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { percent, priorityShares } from '../performance-figures';
import { ALARM_TEXTS } from '../texts';

const T = ALARM_TEXTS.performance;

/** The bar's fill per priority: the badge's colours, deeper, so the bar reads as the list beside it. */
const BAR = { critical: 'bg-red-700', high: 'bg-red-400', medium: 'bg-amber-400', low: 'bg-slate-400' } as const;

/**
 * The week's alarms by priority as one bar and a list with counts and shares, beside ISA-18.2's guide (most alarms
 * low): a list where most are high tells the operator nothing about which comes first.
 */
export function PriorityShares({
  byPriority,
  plant,
}: {
  byPriority: PlantAlarmPerformance['byPriority'];
  plant: string;
}) {
  const rows = priorityShares(byPriority);
  return (
    <div className="grid gap-2">
      <div className="flex h-4 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        {rows.map((row) =>
          row.share > 0 ? (
            <div
              key={row.priority}
              className={cn('h-full', BAR[row.priority])}
              style={{ width: `${row.share * 100}%` }}
            />
          ) : null,
        )}
      </div>
      <ul aria-label={`${T.byPriority}, ${plant}`} className="grid gap-x-4 gap-y-1 text-base sm:grid-cols-2">
        {rows.map((row) => (
          <li key={row.priority} className="flex items-center justify-between gap-2">
            <Badge tone={alarmPriorityTone(row.priority)}>{ALARM_TEXTS.priorities[row.priority]}</Badge>
            <span className="whitespace-nowrap">
              <span className="font-bold">{row.count}</span> · {percent(row.share)}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">{T.priorityGuide}</p>
    </div>
  );
}
