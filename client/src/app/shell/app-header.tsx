import { TEXTS } from '@common/texts';
import { Crown, Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useBillingAccount } from '@/features/billing/api/get-billing-account';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSession } from '@/lib/session/session-query';
import { useCan } from '@/lib/session/use-can';

/**
 * Upgrade is offered to whoever can buy (an admin) while there is a plan above theirs: never to a technician, nor
 * to an Enterprise admin (issue 29), and not before the plan is known, so it does not flash and vanish.
 */
function useUpgradeOffered() {
  const canBuy = useCan('billing:manage');
  const { data } = useBillingAccount({ enabled: canBuy });
  return canBuy && data !== undefined && data.plan?.planId !== 'enterprise';
}

export function AppHeader() {
  const upgrade = useUpgradeOffered();
  // Signed out (pricing, subscribe), there is nothing to ring about: no bell, and no read the server would refuse.
  const { data: user } = useSession();
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
        {upgrade ? (
          <Link
            to="/pricing"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-amber-400 px-3 text-sm font-bold whitespace-nowrap text-slate-950 hover:bg-amber-300"
          >
            <Crown className="size-4" aria-hidden="true" />
            {TEXTS.header.upgrade}
          </Link>
        ) : null}
        {user ? <NotificationBell /> : null}
        <UserMenu />
      </div>
    </header>
  );
}
