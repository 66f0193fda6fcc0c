import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MonthlyReportCard } from '@/features/dashboard/components/monthly-report-card';
import { RecentActivity } from '@/features/dashboard/components/recent-activity';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { EmergencyBanner } from '@/features/emergencies/components/emergency-banner';
import { ManualCards } from '@/features/manuals/components/manual-cards';
import { ReliefSummaryCard } from '@/features/relief-valves/components/relief-summary-card';
import { ValvePreview } from '@/features/valves/components/valve-preview';
import { WorkOrderPreview } from '@/features/work-orders/components/work-order-preview';
import { dashboardReads } from './dashboard-reads';
import { QuickActions } from './quick-actions';

/** How long the sections wait for the dashboard's reads at most (a slow link or no signal still gets them). */
const FIRST_READS_WAIT_MS = 800;

/**
 * Whether the dashboard's reads have settled (answered or failed), or FIRST_READS_WAIT_MS passed. Until then its
 * sections wait, so they draw whole: an emergency banner or relief summary arriving after them would push Scan QR
 * down under a thumb about to tap it. On a device signed in before, the page's early reads have usually answered by
 * the first render (startDashboardReads); on one whose storage was cleared they start with the sign-in check.
 */
function useFirstReadsSettled(): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(() =>
    dashboardReads().every((queryKey) => queryClient.getQueryData(queryKey) !== undefined),
  );
  useEffect(() => {
    if (settled) return;
    let waiting = true;
    const draw = () => {
      if (waiting) setSettled(true);
      waiting = false;
    };
    const timer = setTimeout(draw, FIRST_READS_WAIT_MS);
    void Promise.all(dashboardReads().map((queryKey) => queryClient.prefetchQuery({ queryKey }))).then(draw);
    return () => {
      waiting = false;
      clearTimeout(timer);
    };
  }, [queryClient, settled]);
  return settled;
}

/** Spec §2.3, sections top to bottom: the dashboard's own figures and feed, and a section of each domain. */
export function DashboardScreen() {
  const readsSettled = useFirstReadsSettled();
  return (
    <>
      <title>Dashboard · ValveOps</title>
      <h1 className="sr-only">Dashboard</h1>
      <EmergencyBanner />
      {readsSettled ? <DashboardSections /> : null}
    </>
  );
}

function DashboardSections() {
  return (
    <>
      <QuickActions />
      <StatCards />
      <ReliefSummaryCard />
      <ValvePreview />
      <ManualCards />
      <WorkOrderPreview />
      <RecentActivity />
      <MonthlyReportCard />
    </>
  );
}
