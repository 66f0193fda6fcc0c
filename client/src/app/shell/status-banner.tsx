import { TEXTS } from '@common/texts';
import { CircleAlert, CircleCheck, RefreshCw, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { useQueueStatus } from '@/lib/offline/use-queue-status';
import { useOnlineStatus } from '@/lib/online-status';

/** Spec §2.11, top of every screen: a quiet badge while online, a full-width banner while offline. */
export function StatusBanner() {
  const { showOfflineBanner } = useOnlineStatus();
  const { pending, needsAttention } = useQueueStatus();
  const attention = needsAttention > 0 && (
    <Link to="/offline" className="inline-flex min-h-8 items-center gap-1 font-semibold underline">
      <CircleAlert className="size-4" aria-hidden="true" />
      {needsAttention} need attention
    </Link>
  );

  if (showOfflineBanner) {
    return (
      <div role="status" className="bg-amber-500 px-4 py-2 text-slate-950">
        <div className="mx-auto flex max-w-5xl flex-col gap-0.5">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="flex items-center gap-2 text-lg font-bold">
              <WifiOff className="size-5 shrink-0" aria-hidden="true" />
              {TEXTS.banner.offline}
            </span>
            <span className="rounded-full bg-slate-950/10 px-2.5 py-0.5 text-sm font-semibold">
              {TEXTS.banner.cached}
            </span>
            {pending > 0 && <span className="text-sm font-semibold">{TEXTS.banner.queued(pending)}</span>}
            {attention}
          </p>
          <p className="text-sm">{TEXTS.banner.offlineNote}</p>
        </div>
      </div>
    );
  }

  return (
    <div role="status" className="bg-slate-900 px-4 py-1">
      <div className="mx-auto flex max-w-5xl items-center justify-end gap-4 text-sm">
        {attention && <span className="text-amber-300">{attention}</span>}
        {pending > 0 ? (
          <span className="inline-flex items-center gap-1.5 font-medium text-sky-300">
            <RefreshCw className="size-4 animate-spin" aria-hidden="true" />
            {TEXTS.banner.syncing(pending)}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1.5 font-medium text-green-300">
            <CircleCheck className="size-4" aria-hidden="true" />
            {TEXTS.banner.ready}
          </span>
        )}
      </div>
    </div>
  );
}
