import { TEXTS } from '@common/texts';
import { useParams, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { MissingRecord } from '@/components/missing-record';
import { Skeletons } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PhotoGallery } from '@/features/photos/components/photo-gallery';
import { isNotFound, parseRouteId } from '@/lib/route-id';
import { useWorkOrder } from './api/get-work-order';
import { WorkOrderActions } from './components/work-order-actions';
import { WorkOrderDetailsTab } from './components/work-order-details-tab';
import { WorkOrderHeader } from './components/work-order-header';
import { WorkOrderValveTab } from './components/work-order-valve-tab';

const TAB_NAMES = ['details', 'valve', 'photos'];

const notFound = (
  <MissingRecord message={TEXTS.workOrders.notFound} backTo="/work-orders" backLabel="View Work Orders" />
);

/** Spec §2.8. */
export function WorkOrderDetailScreen() {
  const id = parseRouteId(useParams().id);
  return id === null ? notFound : <WorkOrderDetail id={id} />;
}

function WorkOrderDetail({ id }: { id: number }) {
  const { data: workOrder, error, isPending, refetch } = useWorkOrder(id);
  // The open tab lives in the URL (?tab=photos), so a new photo can be shown where it landed.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = requested && TAB_NAMES.includes(requested) ? requested : 'details';
  const showTab = (next: string) =>
    setSearchParams(next === 'details' ? {} : { tab: next }, { replace: true, preventScrollReset: true });

  if (isNotFound(error)) return notFound;
  if (error) return <LoadError error={error} onRetry={() => refetch()} />;
  if (isPending) {
    return <Skeletons count={3} label="Loading work order" className="gap-3" itemClassName="h-40" />;
  }

  const tabs = TEXTS.workOrders.detailTabs;
  return (
    <>
      <title>{`${workOrder.workOrderId} · ValveOps`}</title>
      <WorkOrderHeader workOrder={workOrder} />
      <WorkOrderActions workOrder={workOrder} onShowTab={showTab} />
      <Tabs value={tab} onValueChange={showTab} className="mt-6">
        <TabsList aria-label="Work order information">
          <TabsTrigger value="details">{tabs.details}</TabsTrigger>
          <TabsTrigger value="valve">{tabs.valve}</TabsTrigger>
          <TabsTrigger value="photos">{tabs.photos}</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <WorkOrderDetailsTab workOrder={workOrder} />
        </TabsContent>
        <TabsContent value="valve">
          <WorkOrderValveTab valve={workOrder.valve} />
        </TabsContent>
        <TabsContent value="photos">
          <PhotoGallery owner={{ workOrderId: workOrder.id }} emptyText={TEXTS.workOrders.noPhotos} />
        </TabsContent>
      </Tabs>
    </>
  );
}
