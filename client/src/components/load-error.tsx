import { TEXTS } from '@common/texts';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** Every failed read ends here: what went wrong and a way to try again, never a blank area. */
export function LoadError({ error, onRetry, className }: { error: unknown; onRetry: () => void; className?: string }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div role="alert" className={cn('rounded-xl border border-red-200 bg-red-50 p-4 text-red-900', className)}>
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{TEXTS.loadFailed}</p>
          {detail ? <p className="mt-1 text-sm break-words text-red-800">{detail}</p> : null}
        </div>
      </div>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        {TEXTS.retry}
      </Button>
    </div>
  );
}
