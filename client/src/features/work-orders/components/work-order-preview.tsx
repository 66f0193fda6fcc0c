import { DISPLAY_LIMITS } from '@common/constants';
import { TEXTS } from '@common/texts';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Section } from '@/components/section';
import { Skeletons } from '@/components/ui/skeleton';
import { ViewAllLink } from '@/components/view-all-link';
import { useWorkOrderPreview } from '../api/get-work-orders';
import { WorkOrderCard } from './work-order-card';

export function WorkOrderPreview() {
  const { data, error, isPending, refetch } = useWorkOrderPreview(DISPLAY_LIMITS.dashboardWorkOrders);
  return (
    <Section id="work-orders" title={TEXTS.dashboard.workOrderSection} action={<ViewAllLink to="/work-orders" />}>
      {error ? (
        <LoadError error={error} onRetry={() => refetch()} />
      ) : isPending ? (
        <Skeletons
          count={DISPLAY_LIMITS.workOrderRowPlaceholders}
          label="Loading work orders"
          className="md:grid-cols-2"
          itemClassName="h-40"
        />
      ) : data.length === 0 ? (
        <EmptyState>{TEXTS.workOrders.empty}</EmptyState>
      ) : (
        <ul className="grid gap-2 md:grid-cols-2">
          {data.map((workOrder) => (
            <li key={workOrder.id}>
              <WorkOrderCard workOrder={workOrder} className="h-full" />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
