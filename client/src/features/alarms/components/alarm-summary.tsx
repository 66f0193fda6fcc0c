import type { AlarmList } from '@common/schemas/alarms';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { useOfflineAnswers } from '@/lib/offline/offline-answers';
import { clockTime } from '../alarm-words';
import { freshness } from '../freshness';
import { ALARM_TEXTS } from '../texts';

const T = ALARM_TEXTS.list;

const COUNTS = ['unacknowledged', 'acknowledged', 'shelved', 'suppressed'] as const;

/** The list's counts in one line: the unacknowledged in red while there are any, the eye's first stop. */
export function AlarmCounts({ counts, large }: { counts: AlarmList['counts']; large: boolean }) {
  return (
    <ul aria-label={T.counts} className={cn('flex flex-wrap gap-2', large ? 'text-xl' : 'text-sm')}>
      {COUNTS.map((name) => {
        const alert = name === 'unacknowledged' && counts.unacknowledged > 0;
        return (
          <li
            key={name}
            className={cn(
              'rounded-full px-3 py-1 font-semibold ring-1 ring-inset',
              alert ? 'bg-red-700 text-white ring-red-800' : 'bg-white text-slate-800 ring-slate-300',
            )}
          >
            {T.count[name](counts[name])}
          </li>
        );
      })}
    </ul>
  );
}

/** Ticks every few seconds, so "not updated since" shows up even when no answer comes to re-draw the screen. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * When the list was last had from the server, and a warning when it has stopped coming (no signal, server down)
 * or what is shown is the copy kept on this device: a quiet list must never be a stale one unawares.
 */
export function AlarmFreshness({ path, updatedAt, large }: { path: string; updatedAt: number; large: boolean }) {
  const now = useNow(5_000);
  const storedAt = useOfflineAnswers().get(path);
  const state = freshness({ updatedAt, storedAt, now });
  const time = clockTime(new Date(state.at).toISOString(), new Date(now), { seconds: true });
  if (state.kind === 'live') {
    return (
      <p
        data-testid="alarm-freshness"
        className={cn('flex items-center gap-1.5 text-slate-600', large ? 'text-lg' : 'text-sm')}
      >
        <RefreshCw className="size-4 shrink-0" aria-hidden="true" />
        {T.updatedAt(time)}
      </p>
    );
  }
  // An alert, so a screen reader says it the moment the list stops coming; the "updated" line above it stays quiet.
  return (
    <p
      role="alert"
      data-testid="alarm-freshness"
      className={cn(
        'flex items-center gap-1.5 rounded-lg bg-amber-100 px-2 py-1 font-semibold text-amber-950',
        large ? 'text-lg' : 'text-sm',
      )}
    >
      <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
      {state.kind === 'late' ? T.notUpdated(time) : T.storedCopy(time)}
    </p>
  );
}
