import { TEXTS } from '@common/texts';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The spec's alert when a screen's data is missing (§8), with a way to ask again where asking again can help. */
export function AnalyticsAlert({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1 font-semibold">{message}</p>
      </div>
      {onRetry ? (
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          <RotateCw className="size-4" aria-hidden="true" />
          {TEXTS.retry}
        </Button>
      ) : null}
    </div>
  );
}
