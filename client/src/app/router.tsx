import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RequireSession } from '@/features/auth/components/require-session';
import { LoginScreen } from '@/features/auth/login-screen';
import { DashboardScreen } from '@/features/dashboard/dashboard-screen';
import { LandingScreen } from '@/features/landing/landing-screen';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import { AppShell } from './shell/app-shell';

/**
 * A screen in its own chunk, loaded on first visit: the landing page and the dashboard (what Lighthouse and a
 * technician's first visit open) stay small, and Stripe, charts and the CSV parser load only where they are used.
 * The service worker precaches every chunk, so each screen still opens offline.
 */
function screen<Module>(load: () => Promise<Module>, name: keyof Module) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/**
 * Public: the landing page, pricing, sign-in and invitations (and "not found", which reveals nothing).
 * Everything else sits under RequireSession: without a session it sends the user to /login?next=<where they were>.
 */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginScreen /> },
  { path: '/accept-invite', lazy: screen(() => import('@/features/auth/accept-invite-screen'), 'AcceptInviteScreen') },
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <LandingScreen /> },
      { path: '/pricing', lazy: screen(() => import('@/features/billing/pricing-screen'), 'PricingScreen') },
      {
        element: <RequireSession />,
        children: [
          { path: '/app', element: <DashboardScreen /> },
          { path: '/dashboard', element: <Navigate to="/app" replace /> },
          { path: '/valves', lazy: screen(() => import('@/features/valves/valve-list-screen'), 'ValveListScreen') },
          {
            path: '/valves/:id',
            lazy: screen(() => import('@/features/valves/valve-detail-screen'), 'ValveDetailScreen'),
          },
          {
            path: '/work-orders',
            lazy: screen(() => import('@/features/work-orders/work-order-list-screen'), 'WorkOrderListScreen'),
          },
          {
            path: '/work-orders/:id',
            lazy: screen(() => import('@/features/work-orders/work-order-detail-screen'), 'WorkOrderDetailScreen'),
          },
          { path: '/admin/users', lazy: screen(() => import('@/features/users/users-screen'), 'UsersScreen') },
          { path: '/offline', lazy: screen(() => import('@/features/offline/offline-screen'), 'OfflineScreen') },
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
]);
