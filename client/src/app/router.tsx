import { createBrowserRouter, Navigate } from 'react-router';
import { AcceptInviteScreen } from '@/features/auth/accept-invite-screen';
import { RequireSession } from '@/features/auth/components/require-session';
import { LoginScreen } from '@/features/auth/login-screen';
import { DashboardScreen } from '@/features/dashboard/dashboard-screen';
import { LandingScreen } from '@/features/landing/landing-screen';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import { OfflineScreen } from '@/features/offline/offline-screen';
import { PerformanceScreen } from '@/features/performance/performance-screen';
import { UsersScreen } from '@/features/users/users-screen';
import { ValveDetailScreen } from '@/features/valves/valve-detail-screen';
import { ValveListScreen } from '@/features/valves/valve-list-screen';
import { WorkOrderDetailScreen } from '@/features/work-orders/work-order-detail-screen';
import { WorkOrderListScreen } from '@/features/work-orders/work-order-list-screen';
import { ComingSoonScreen } from './coming-soon-screen';
import { AppShell } from './shell/app-shell';

/** Screens of later releases (spec §2.1): routed now so links and bookmarks to them never hit "Page Not Found". */
const COMING_SOON: { path: string; title: string }[] = [
  { path: '/analytics', title: 'Analytics' },
  { path: '/analytics/:id', title: 'Valve Analytics' },
  { path: '/valves/:id/analytics', title: 'Valve Analytics' },
  { path: '/checkout', title: 'Checkout' },
  { path: '/subscribe', title: 'Subscribe' },
  { path: '/success', title: 'Payment Successful' },
  { path: '/manuals', title: 'Manuals Library' },
];

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
      { path: '/pricing', element: <ComingSoonScreen title="Pricing" /> },
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
          { path: '/performance', element: <PerformanceScreen /> },
          ...COMING_SOON.map(({ path, title }) => ({ path, element: <ComingSoonScreen title={title} /> })),
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);
