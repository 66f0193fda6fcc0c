import { RotateCw, TriangleAlert, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { readApiError } from '@/lib/api-error';
import { REQUEST_TEXTS } from '../texts';

const T = REQUEST_TEXTS.public;

/**
 * A public page's read that failed: a link the server does not know (404) says so and offers nothing to retry;
 * no signal (or a server in trouble) says so with a big Try again.
 */
export function PublicProblem({
  error,
  unknown,
  onRetry,
}: {
  error: unknown;
  unknown: { title: string; detail: string };
  onRetry: () => void;
}) {
  const failure = readApiError(error);
  if (failure.status === 404) {
    return (
      <div role="alert" className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <TriangleAlert className="size-7 shrink-0 text-amber-600" aria-hidden="true" />
          {unknown.title}
        </h1>
        <p className="text-base text-slate-700">{unknown.detail}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="grid gap-3">
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <WifiOff className="size-7 shrink-0 text-slate-600" aria-hidden="true" />
        {failure.status === null ? T.unreachable : failure.message}
      </h1>
      {failure.status === null ? <p className="text-base text-slate-700">{T.unreachableDetail}</p> : null}
      <Button size="lg" onClick={onRetry}>
        <RotateCw className="size-6" aria-hidden="true" />
        {T.tryAgain}
      </Button>
    </div>
  );
}
