import { TEXTS } from '@common/texts';
import { Activity, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/session/use-can';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';

/**
 * 'Run Analysis' (spec §2.12-2.13): disabled and spinning while it runs. A role that may not run it sees the
 * button disabled with the reason under it (the server refuses it too).
 */
export function RunAnalysisButton({
  running,
  onRun,
  disabled,
  compact,
}: {
  running: boolean;
  onRun: () => void;
  disabled?: boolean;
  /** Sharing a 360 px row with another button: smaller text and padding on a phone. */
  compact?: boolean;
}) {
  const allowed = useCan('analytics:run');
  return (
    <div className="grid justify-items-stretch gap-1 sm:justify-items-end">
      <Button
        onClick={onRun}
        disabled={running || disabled || !allowed}
        aria-busy={running}
        className={compact ? 'gap-1.5 px-2 text-sm sm:px-4 sm:text-base' : undefined}
      >
        {running ? (
          <Loader2
            className={cn('shrink-0 animate-spin', compact ? 'size-4 sm:size-5' : 'size-5')}
            aria-hidden="true"
          />
        ) : (
          <Activity className={cn('shrink-0', compact ? 'size-4 sm:size-5' : 'size-5')} aria-hidden="true" />
        )}
        {TEXTS.analytics.runAnalysis}
      </Button>
      {allowed ? null : <p className="text-sm text-slate-600">{T.runNotAllowed}</p>}
    </div>
  );
}
