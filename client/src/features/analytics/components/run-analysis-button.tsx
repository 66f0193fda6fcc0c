import { TEXTS } from '@common/texts';
import { Activity, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCan } from '@/features/auth/hooks/use-can';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';

/**
 * 'Run Analysis' (spec §2.12-2.13): disabled and spinning while it runs. A role that may not run it sees the
 * button disabled with the reason under it (the server refuses it too).
 */
export function RunAnalysisButton({
  running,
  onRun,
  disabled,
}: {
  running: boolean;
  onRun: () => void;
  disabled?: boolean;
}) {
  const allowed = useCan('analytics:run');
  return (
    <div className="grid justify-items-end gap-1">
      <Button onClick={onRun} disabled={running || disabled || !allowed} aria-busy={running}>
        {running ? (
          <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        ) : (
          <Activity className="size-5" aria-hidden="true" />
        )}
        {TEXTS.analytics.runAnalysis}
      </Button>
      {allowed ? null : <p className="text-sm text-slate-600">{T.runNotAllowed}</p>}
    </div>
  );
}
