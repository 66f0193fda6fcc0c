import { EmergencyAlert } from './components/emergency-alert';
import { ManualCards } from './components/manual-cards';
import { QuickActions } from './components/quick-actions';
import { RecentActivity } from './components/recent-activity';
import { StatCards } from './components/stat-cards';
import { ValvePreview } from './components/valve-preview';
import { WorkOrderPreview } from './components/work-order-preview';

/** Spec §2.3, sections top to bottom. */
export function DashboardScreen() {
  return (
    <>
      <title>Dashboard · ValveOps</title>
      <h1 className="sr-only">Dashboard</h1>
      <EmergencyAlert />
      <QuickActions />
      <StatCards />
      <ValvePreview />
      <ManualCards />
      <WorkOrderPreview />
      <RecentActivity />
    </>
  );
}
