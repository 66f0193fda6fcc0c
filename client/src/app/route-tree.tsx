import type { ImportKind } from '@common/schemas/imports';
import { Navigate, type RouteObject } from 'react-router';
import { Skeletons } from '@/components/ui/skeleton';
import { RequireSession } from '@/features/auth/components/require-session';
import { LoginScreen } from '@/features/auth/login-screen';
import { LandingScreen } from '@/features/landing/landing-screen';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import { PublicRequestScreen } from '@/features/requests/public-request-screen';
import { RequestStatusScreen } from '@/features/requests/request-status-screen';
import { FIELD_SCREENS } from './field-screens';
import { FieldScreensAhead } from './field-screens-ahead';
import { screen } from './lazy-screen';
import { DashboardScreen } from './routes/dashboard/dashboard-screen';
import { ScreenError } from './screen-error';
import { AppShell } from './shell/app-shell';

/** A register's import screen (issue 32), one screen for every kind. */
function importScreen(kind: ImportKind) {
  return async () => {
    const { IMPORT_SCREENS } = await import('@/features/imports/import-screen');
    return { Component: IMPORT_SCREENS[kind] };
  };
}

/** What a page opened at a lazy screen shows while its chunk arrives (the router asks for it on the first load). */
function ScreenLoading() {
  return <Skeletons count={3} label="Loading page" className="mx-auto max-w-5xl p-4" itemClassName="h-24" />;
}

/**
 * The route tree, shared by the browser router (./router.tsx) and the build-time render of the landing page
 * (../prerender.tsx). Public: the landing page, pricing, sign-in and invitations (and "not found", which reveals nothing),
 * and a valve's request pages (/r/...), outside the shell: anyone who scans the label reports there, with no account.
 * Those two are in the main bundle: a phone on a weak signal that scanned a label fetches one file less.
 * Everything else sits under RequireSession: without a session it sends the user to /login?next=<where they were>.
 * A screen of one feature comes from its feature; a screen that composes several is in ./routes/.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginScreen /> },
  { path: '/r/:token', element: <PublicRequestScreen /> },
  { path: '/r/status/:token', element: <RequestStatusScreen /> },
  {
    path: '/accept-invite',
    lazy: screen(() => import('@/features/auth/accept-invite-screen'), 'AcceptInviteScreen'),
    HydrateFallback: ScreenLoading,
  },
  {
    element: <AppShell />,
    HydrateFallback: ScreenLoading,
    children: [
      { path: '/', element: <LandingScreen /> },
      { path: '/pricing', lazy: screen(() => import('@/features/billing/pricing-screen'), 'PricingScreen') },
      {
        element: (
          <>
            <RequireSession />
            <FieldScreensAhead />
          </>
        ),
        errorElement: <ScreenError />,
        children: [
          { path: '/app', element: <DashboardScreen /> },
          { path: '/dashboard', element: <Navigate to="/app" replace /> },
          { path: '/valves', lazy: FIELD_SCREENS.valves },
          {
            path: '/valves/import',
            lazy: importScreen('valves'),
          },
          { path: '/valves/:id', lazy: FIELD_SCREENS.valve },
          { path: '/work-orders', lazy: FIELD_SCREENS.workOrders },
          { path: '/work-orders/:id', lazy: FIELD_SCREENS.workOrder },
          { path: '/admin/users/import', lazy: importScreen('users') },
          { path: '/admin/users', lazy: screen(() => import('@/features/users/users-screen'), 'UsersScreen') },
          {
            path: '/admin/api-tokens',
            lazy: screen(() => import('@/features/api-tokens/api-tokens-screen'), 'ApiTokensScreen'),
          },
          {
            path: '/admin/webhooks',
            lazy: screen(() => import('@/features/webhooks/webhooks-screen'), 'WebhooksScreen'),
          },
          { path: '/plants', lazy: screen(() => import('@/features/plants/plants-screen'), 'PlantsScreen') },
          {
            path: '/plants/:id/tree',
            lazy: screen(() => import('@/features/plants/plant-tree-screen'), 'PlantTreeScreen'),
          },
          {
            path: '/valve-types',
            lazy: screen(() => import('@/features/plants/valve-types-screen'), 'ValveTypesScreen'),
          },
          { path: '/offline', lazy: FIELD_SCREENS.offline },
          {
            path: '/analytics',
            lazy: screen(() => import('@/features/analytics/screens'), 'AnalyticsDashboardScreen'),
          },
          {
            path: '/analytics/import',
            lazy: screen(() => import('@/features/analytics/screens'), 'ReadingsImportScreen'),
          },
          {
            path: '/analytics/:id',
            lazy: screen(() => import('@/features/analytics/screens'), 'ValveAnalyticsScreen'),
          },
          {
            path: '/valves/:id/analytics',
            lazy: screen(() => import('@/features/analytics/screens'), 'ValveAnalyticsScreen'),
          },
          { path: '/parts', lazy: screen(() => import('@/features/parts/parts-screen'), 'PartsScreen') },
          { path: '/parts/stores', lazy: screen(() => import('@/features/parts/stores-screen'), 'StoresScreen') },
          {
            path: '/parts/:id',
            lazy: screen(() => import('@/features/parts/part-detail-screen'), 'PartDetailScreen'),
          },
          {
            path: '/admin/labor-rates',
            lazy: screen(() => import('@/features/labor/labor-rates-screen'), 'LaborRatesScreen'),
          },
          {
            path: '/reliability',
            lazy: screen(() => import('@/features/reliability/reliability-screen'), 'ReliabilityScreen'),
          },
          { path: '/alarms', lazy: screen(() => import('@/features/alarms/alarms-screen'), 'AlarmsScreen') },
          {
            path: '/alarms/performance',
            lazy: screen(() => import('@/features/alarms/alarm-performance-screen'), 'AlarmPerformanceScreen'),
          },
          { path: '/requests', lazy: screen(() => import('@/features/requests/requests-screen'), 'RequestsScreen') },
          {
            path: '/reports/costs',
            lazy: screen(() => import('@/features/costs/cost-report-screen'), 'CostReportScreen'),
          },
          { path: '/plans/import', lazy: importScreen('plans') },
          { path: '/plans', lazy: screen(() => import('@/features/maintenance-plans/plans-screen'), 'PlansScreen') },
          {
            path: '/procedures',
            lazy: screen(() => import('@/features/procedures/procedures-screen'), 'ProceduresScreen'),
          },
          {
            path: '/relief-valves',
            lazy: screen(() => import('@/features/relief-valves/due-list-screen'), 'ReliefDueListScreen'),
          },
          {
            path: '/relief-valves/shop',
            lazy: screen(() => import('@/features/relief-valves/shop-screen'), 'ReliefShopScreen'),
          },
          { path: '/relief-valves/import', lazy: importScreen('relief-tags') },
          { path: '/relief-valves/devices/import', lazy: importScreen('relief-devices') },
          {
            path: '/relief-valves/devices',
            lazy: screen(() => import('@/features/relief-valves/devices-screen'), 'ReliefDevicesScreen'),
          },
          {
            path: '/relief-valves/tags/:id',
            lazy: screen(() => import('@/features/relief-valves/tag-screen'), 'ReliefTagScreen'),
          },
          {
            path: '/relief-valves/tags/:id/record',
            lazy: screen(() => import('@/features/relief-valves/record-screen'), 'ReliefRecordScreen'),
          },
          {
            path: '/relief-valves/tests/:id/edit',
            lazy: screen(() => import('@/features/relief-valves/record-screen'), 'ReliefDraftScreen'),
          },
          { path: '/manuals', lazy: screen(() => import('@/features/manuals/manuals-screen'), 'ManualsScreen') },
          { path: '/checkout', lazy: screen(() => import('@/features/billing/checkout-screen'), 'CheckoutScreen') },
          { path: '/subscribe', lazy: screen(() => import('@/features/billing/subscribe-screen'), 'SubscribeScreen') },
          { path: '/success', lazy: screen(() => import('@/features/billing/success-screen'), 'SuccessScreen') },
          {
            path: '/admin/billing',
            lazy: screen(() => import('@/features/billing/billing-account-screen'), 'BillingAccountScreen'),
          },
          {
            path: '/performance',
            lazy: screen(() => import('@/features/performance/performance-screen'), 'PerformanceScreen'),
          },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
