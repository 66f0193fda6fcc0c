import { TEXTS } from '@common/texts';
import { FileText } from 'lucide-react';
import { useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { MissingRecord } from '@/components/missing-record';
import { buttonClasses } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUrlTab } from '@/components/use-url-tab';
import { HistoryList } from '@/features/audit/history-list';
import { MaintenanceRecordList } from '@/features/maintenance/components/maintenance-record-list';
import { PhotoGallery } from '@/features/photos/components/photo-gallery';
import { ProcedureRuns } from '@/features/procedures/components/procedure-runs';
import { SignatureList } from '@/features/signatures/signature-list';
import { useWorkOrder } from '@/features/work-orders/api/get-work-order';
import { WorkOrderDetailsTab } from '@/features/work-orders/components/work-order-details-tab';
import { WorkOrderHeader } from '@/features/work-orders/components/work-order-header';
import { WorkOrderValveTab } from '@/features/work-orders/components/work-order-valve-tab';
import { isNotFound, parseRouteId } from '@/lib/route-id';
import { FailureAndDowntime } from './failure-and-downtime';
import { PartsAndLabor } from './parts-and-labor';
import { StepPhoto } from './step-photo';
import { WorkOrderActions } from './work-order-actions';

const TAB_NAMES = ['details', 'procedure', 'parts-labor', 'valve', 'photos', 'history'];

const notFound = (
  <MissingRecord message={TEXTS.workOrders.notFound} backTo="/work-orders" backLabel="View Work Orders" />
);

/**
 * Spec §2.8: the work order's own parts, with its maintenance records, photos, failure and downtime from their
 * features.
 */
export function WorkOrderDetailScreen() {
  const id = parseRouteId(useParams().id);
  return id === null ? notFound : <WorkOrderDetail id={id} />;
}

function WorkOrderDetail({ id }: { id: number }) {
  const { data: workOrder, error, isPending, refetch } = useWorkOrder(id);
  const [tab, showTab] = useUrlTab(TAB_NAMES);

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
      <SignatureList entityType="work_order" entityId={workOrder.id} version={workOrder.version} />
      {workOrder.status === 'completed' ? (
        <a
          href={`/api/work-orders/${workOrder.id}/report.pdf`}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses('outline', 'md', 'mt-3')}
        >
          <FileText aria-hidden className="size-5" /> Report (PDF)
        </a>
      ) : null}
      <Tabs value={tab} onValueChange={showTab} className="mt-6">
        {/* Six tabs overflow one row at 360 px: two rows of three, every tab in sight and a full-size target. */}
        <TabsList aria-label="Work order information" className="grid grid-cols-3 sm:flex">
          <TabsTrigger value="details">{tabs.details}</TabsTrigger>
          <TabsTrigger value="procedure">Procedure</TabsTrigger>
          <TabsTrigger value="parts-labor">Parts &amp; Labor</TabsTrigger>
          <TabsTrigger value="valve">{tabs.valve}</TabsTrigger>
          <TabsTrigger value="photos">{tabs.photos}</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <WorkOrderDetailsTab
            workOrder={workOrder}
            records={<MaintenanceRecordList records={workOrder.maintenanceRecords} />}
          />
          <FailureAndDowntime workOrder={workOrder} />
        </TabsContent>
        <TabsContent value="procedure">
          <ProcedureRuns
            workOrderId={workOrder.id}
            open={workOrder.status !== 'completed' && workOrder.status !== 'cancelled'}
            started={workOrder.status === 'in_progress'}
            PhotoStep={StepPhoto}
          />
        </TabsContent>
        <TabsContent value="parts-labor">
          <PartsAndLabor workOrder={workOrder} />
        </TabsContent>
        <TabsContent value="valve">
          <WorkOrderValveTab valve={workOrder.valve} />
        </TabsContent>
        <TabsContent value="photos">
          <PhotoGallery owner={{ workOrderId: workOrder.id }} emptyText={TEXTS.workOrders.noPhotos} />
        </TabsContent>
        <TabsContent value="history">
          <HistoryList entity="work-orders" id={workOrder.id} />
        </TabsContent>
      </Tabs>
    </>
  );
}
