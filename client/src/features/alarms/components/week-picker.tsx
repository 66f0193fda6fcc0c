import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { ALARM_TEXTS } from '../texts';

const T = ALARM_TEXTS.performance;

/** The week measured, by its Monday, with a step back and a step forward (to a week that has begun). */
export function WeekPicker({
  monday,
  canGoForward,
  onWeek,
}: {
  monday: string;
  canGoForward: boolean;
  onWeek: (step: -1 | 1) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Button variant="outline" size="icon" aria-label={T.previousWeek} onClick={() => onWeek(-1)}>
        <ChevronLeft className="size-6" aria-hidden="true" />
      </Button>
      <p data-testid="alarm-week" className="min-w-0 flex-1 text-center text-base font-bold text-slate-900">
        {T.weekOf(formatDate(monday))}
      </p>
      <Button variant="outline" size="icon" aria-label={T.nextWeek} disabled={!canGoForward} onClick={() => onWeek(1)}>
        <ChevronRight className="size-6" aria-hidden="true" />
      </Button>
    </div>
  );
}
