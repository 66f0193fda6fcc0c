import { TEXTS } from '@common/texts';
import { Bell, Crown, Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { UserMenu } from '@/features/auth/components/user-menu';

/** Spec §2.1: the bell carries a fixed badge; notifications are not part of the product yet. */
const NOTIFICATION_BADGE = 3;

export function AppHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-800 bg-slate-900 text-white">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-3 sm:px-4">
        <Link to="/app" className="mr-auto flex min-h-11 items-center gap-2 rounded-lg pr-1 font-bold">
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600">
            <Gauge className="size-5" aria-hidden="true" />
          </span>
          {/* Below 480 px the name gives way so the Upgrade link, bell and account button keep their full size. */}
          <span className="text-lg max-[479px]:sr-only">ValveOps</span>
        </Link>
        <Link
          to="/pricing"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-amber-400 px-3 text-sm font-bold whitespace-nowrap text-slate-950 hover:bg-amber-300"
        >
          <Crown className="size-4" aria-hidden="true" />
          {TEXTS.header.upgrade}
        </Link>
        <button
          type="button"
          className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-800"
          aria-label={`Notifications: ${NOTIFICATION_BADGE} new`}
        >
          <Bell className="size-6" aria-hidden="true" />
          <span className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full bg-red-600 text-xs font-bold">
            {NOTIFICATION_BADGE}
          </span>
        </button>
        <UserMenu />
      </div>
    </header>
  );
}
