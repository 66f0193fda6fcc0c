import { roleLabel } from '@common/texts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  BellRing,
  CalendarClock,
  ChartColumn,
  ChevronDown,
  Clock,
  CreditCard,
  Factory,
  Gauge,
  Inbox,
  KeyRound,
  ListChecks,
  LogIn,
  LogOut,
  Package,
  TrendingDown,
  Users,
  Webhook,
} from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MenuItem } from '@/components/ui/menu-item';
import { readApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session/session-query';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import { useSignOut } from '../api/sign-out';
import { AUTH_TEXTS, initials } from '../texts';
import { loginPath } from '../utils/safe-next';

const T = AUTH_TEXTS.menu;

/**
 * The header's account button: the signed-in user's initials (and name where the header has room), opening a
 * menu with who they are, alarms (first: the most urgent), relief valves, plans and procedures, parts, reliability, work requests (those who triage them), Users, API tokens, Plants and Billing for admins (Plants for
 * engineers too), and Sign out. Signed out, a Sign in link takes its place.
 */
export function UserMenu() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const canManageUsers = useCan('users:manage');
  // Plants for those who change them or the catalog (admins; engineers add valve types); anyone may open /plants.
  const canManagePlants = useCan('plants:manage');
  const canAddValveTypes = useCan('valve-types:add');
  const canKeepPlants = canManagePlants || canAddValveTypes;
  const canManageBilling = useCan('billing:manage');
  const canManageTokens = useCan('api-tokens:manage');
  const canReportCosts = useCan('costs:report');
  const canKeepRates = useCan('labor:rates');
  const canManageWebhooks = useCan('webhooks:manage');
  const canTriage = useCan('requests:triage');
  const signOut = useSignOut();
  const user = session.data;

  if (session.isPending) {
    return <span className="size-10 shrink-0 rounded-full bg-slate-700" aria-hidden="true" />;
  }

  if (!user) {
    return (
      <Link
        to={loginPath(`${location.pathname}${location.search}`)}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-bold whitespace-nowrap hover:bg-slate-800"
      >
        {/* Narrow phones: the word without the icon; the narrowest: the icon alone (the word still read out). */}
        <LogIn className="size-5 min-[350px]:max-[399px]:hidden" aria-hidden="true" />
        <span className="max-[349px]:sr-only">{AUTH_TEXTS.signInLink}</span>
      </Link>
    );
  }

  const role = roleLabel(user.role);
  const plants = user.plants.length ? user.plants.join(', ') : T.allPlants;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={T.trigger(user.name)}
        title={`${user.name}, ${role}`}
        className="flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-lg hover:bg-slate-800 data-[state=open]:bg-slate-800 sm:pr-2 sm:pl-1"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-600 text-sm font-bold">
          {initials(user.name)}
        </span>
        {/* A phone's header has no room for the name: the avatar and the menu carry it there. */}
        <span className="hidden max-w-40 truncate text-sm font-semibold sm:block">{user.name}</span>
        <ChevronDown className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block text-base font-bold break-words">{user.name}</span>
            <span className="block text-sm break-all text-slate-600">{user.email}</span>
            <span className="mt-1 block text-sm font-semibold text-slate-800">
              {role} · {user.organizationName}
            </span>
            <span className="block text-sm text-slate-600">{plants}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {/* Every role reads the alarms: the control room acknowledges them, a technician sees what waits at a valve. */}
          <MenuItem icon={<BellRing className="size-5" aria-hidden="true" />} onSelect={() => navigate('/alarms')}>
            {T.alarms}
          </MenuItem>
          {/* Every role works with relief valves, plans and procedures (reading them at least): each has its place. */}
          <MenuItem icon={<Gauge className="size-5" aria-hidden="true" />} onSelect={() => navigate('/relief-valves')}>
            {T.reliefValves}
          </MenuItem>
          <MenuItem icon={<CalendarClock className="size-5" aria-hidden="true" />} onSelect={() => navigate('/plans')}>
            {T.plans}
          </MenuItem>
          <MenuItem
            icon={<ListChecks className="size-5" aria-hidden="true" />}
            onSelect={() => navigate('/procedures')}
          >
            {T.procedures}
          </MenuItem>
          <MenuItem icon={<Package className="size-5" aria-hidden="true" />} onSelect={() => navigate('/parts')}>
            {T.parts}
          </MenuItem>
          {/* Every role may read the bad actors: a technician sees which of the valves they keep fail most. */}
          <MenuItem
            icon={<TrendingDown className="size-5" aria-hidden="true" />}
            onSelect={() => navigate('/reliability')}
          >
            {T.reliability}
          </MenuItem>
          {/* Those who decide the requests reach them here; /requests is readable by all, reached by its link. */}
          {canTriage ? (
            <MenuItem icon={<Inbox className="size-5" aria-hidden="true" />} onSelect={() => navigate('/requests')}>
              {T.requests}
            </MenuItem>
          ) : null}
          {canKeepRates ? (
            <MenuItem
              icon={<Clock className="size-5" aria-hidden="true" />}
              onSelect={() => navigate('/admin/labor-rates')}
            >
              {T.laborRates}
            </MenuItem>
          ) : null}
          {canReportCosts ? (
            <MenuItem
              icon={<ChartColumn className="size-5" aria-hidden="true" />}
              onSelect={() => navigate('/reports/costs')}
            >
              {T.costs}
            </MenuItem>
          ) : null}
          {canManageUsers ? (
            <MenuItem icon={<Users className="size-5" aria-hidden="true" />} onSelect={() => navigate('/admin/users')}>
              {T.users}
            </MenuItem>
          ) : null}
          {canManageTokens ? (
            <MenuItem
              icon={<KeyRound className="size-5" aria-hidden="true" />}
              onSelect={() => navigate('/admin/api-tokens')}
            >
              {T.apiTokens}
            </MenuItem>
          ) : null}
          {canManageWebhooks ? (
            <MenuItem
              icon={<Webhook className="size-5" aria-hidden="true" />}
              onSelect={() => navigate('/admin/webhooks')}
            >
              {T.webhooks}
            </MenuItem>
          ) : null}
          {canKeepPlants ? (
            <MenuItem icon={<Factory className="size-5" aria-hidden="true" />} onSelect={() => navigate('/plants')}>
              {T.plants}
            </MenuItem>
          ) : null}
          {canManageBilling ? (
            <MenuItem
              icon={<CreditCard className="size-5" aria-hidden="true" />}
              onSelect={() => navigate('/admin/billing')}
            >
              {T.billing}
            </MenuItem>
          ) : null}
          <MenuItem
            danger
            icon={<LogOut className="size-5" aria-hidden="true" />}
            onSelect={() =>
              signOut.mutate(undefined, {
                onError: (error) =>
                  toast({ tone: 'danger', title: T.signOutFailed, description: readApiError(error).message }),
              })
            }
          >
            {T.signOut}
          </MenuItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
