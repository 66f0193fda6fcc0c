import { createBrowserRouter, Navigate } from 'react-router';
import { AcceptInviteScreen } from '@/features/auth/accept-invite-screen';
import { RequireSession } from '@/features/auth/components/require-session';
import { LoginScreen } from '@/features/auth/login-screen';
import { BillingAccountScreen } from '@/features/billing/billing-account-screen';
import { CheckoutScreen } from '@/features/billing/checkout-screen';
import { PricingScreen } from '@/features/billing/pricing-screen';
import { SubscribeScreen } from '@/features/billing/subscribe-screen';
import { SuccessScreen } from '@/features/billing/success-screen';
import { DashboardScreen } from '@/features/dashboard/dashboard-screen';
import { LandingScreen } from '@/features/landing/landing-screen';
import { ManualsScreen } from '@/features/manuals/manuals-screen';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import { OfflineScreen } from '@/features/offline/offline-screen';
import { PerformanceScreen } from '@/features/performance/performance-screen';
import { UsersScreen } from '@/features/users/users-screen';
import { ValveDetailScreen } from '@/features/valves/valve-detail-screen';
import { ValveListScreen } from '@/features/valves/valve-list-screen';
import { WorkOrderDetailScreen } from '@/features/work-orders/work-order-detail-screen';
import { WorkOrderListScreen } from '@/features/work-orders/work-order-list-screen';
import { AppShell } from './shell/app-shell';

const analyticsScreen = (name: keyof typeof import('@/features/analytics/screens')) => async () => ({
  Component: (await import('@/features/analytics/screens'))[name],
});

/**
 * Public: the landing page, pricing, sign-in and invitations (and "not found", which reveals nothing).
 * Everything else sits under RequireSession: without a session it sends the user to /login?next=<where they were>.
 */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginScreen /> },
  { path: '/accept-invite', element: <AcceptInviteScreen /> },
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <LandingScreen /> },
      { path: '/pricing', element: <PricingScreen /> },
      {
        element: <RequireSession />,
        children: [
          { path: '/app', element: <DashboardScreen /> },
          { path: '/dashboard', element: <Navigate to="/app" replace /> },
          { path: '/valves', element: <ValveListScreen /> },
          { path: '/valves/:id', element: <ValveDetailScreen /> },
          { path: '/work-orders', element: <WorkOrderListScreen /> },
          { path: '/work-orders/:id', element: <WorkOrderDetailScreen /> },
          { path: '/admin/users', element: <UsersScreen /> },
          { path: '/offline', element: <OfflineScreen /> },
          // Analytics loads on first visit: its charts (recharts) and CSV parser would double the first download.
          // The service worker precaches every chunk, so it still opens offline.
          { path: '/analytics', lazy: analyticsScreen('AnalyticsDashboardScreen') },
          { path: '/analytics/import', lazy: analyticsScreen('ReadingsImportScreen') },
          { path: '/analytics/:id', lazy: analyticsScreen('ValveAnalyticsScreen') },
          { path: '/valves/:id/analytics', lazy: analyticsScreen('ValveAnalyticsScreen') },
          { path: '/manuals', element: <ManualsScreen /> },
          { path: '/checkout', element: <CheckoutScreen /> },
          { path: '/subscribe', element: <SubscribeScreen /> },
          { path: '/success', element: <SuccessScreen /> },
          { path: '/admin/billing', element: <BillingAccountScreen /> },
          { path: '/performance', element: <PerformanceScreen /> },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);
