import { CircleCheck, WifiOff } from 'lucide-react';
import { TEXTS } from '@common/texts';
import { useOnlineStatus } from '@/lib/online-status';

/** Spec §2.11, top of every screen: a quiet badge while online, a full-width banner while offline. */
export function StatusBanner() {
  const { showOfflineBanner } = useOnlineStatus();

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
          </p>
          <p className="text-sm">{TEXTS.banner.offlineNote}</p>
        </div>
      </div>
    );
  }

  return (
    <div role="status" className="bg-slate-900 px-4 py-1">
      <div className="mx-auto flex max-w-5xl justify-end">
        <span className="inline-flex items-center gap-1.5 text-sm font-medium text-green-300">
          <CircleCheck className="size-4" aria-hidden="true" />
          {TEXTS.banner.ready}
        </span>
      </div>
    </div>
  );
}
