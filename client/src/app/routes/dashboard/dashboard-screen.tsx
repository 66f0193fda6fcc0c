import { MonthlyReportCard } from '@/features/dashboard/components/monthly-report-card';
import { RecentActivity } from '@/features/dashboard/components/recent-activity';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { EmergencyBanner } from '@/features/emergencies/components/emergency-banner';
import { ManualCards } from '@/features/manuals/components/manual-cards';
import { ReliefSummaryCard } from '@/features/relief-valves/components/relief-summary-card';
import { ValvePreview } from '@/features/valves/components/valve-preview';
import { WorkOrderPreview } from '@/features/work-orders/components/work-order-preview';
import { QuickActions } from './quick-actions';

/** Spec §2.3, sections top to bottom: the dashboard's own figures and feed, and a section of each domain. */
export function DashboardScreen() {
  return (
    <>
      <title>Dashboard · ValveOps</title>
      <h1 className="sr-only">Dashboard</h1>
      <EmergencyBanner />
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
