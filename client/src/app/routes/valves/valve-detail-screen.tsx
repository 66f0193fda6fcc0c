import { RELIEF_VALVE_TYPE } from '@common/constants';
import { TEXTS } from '@common/texts';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { MissingRecord } from '@/components/missing-record';
import { Section } from '@/components/section';
import { Skeletons } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUrlTab } from '@/components/use-url-tab';
import { HistoryList } from '@/features/audit/history-list';
import { ValveCosts } from '@/features/costs/components/valve-costs';
import { COST_TEXTS } from '@/features/costs/texts';
import { ValveDocuments } from '@/features/documents/components/valve-documents';
import { ValveLabelPanel } from '@/features/labels/valve-label-panel';
import { MaintenanceHistory } from '@/features/maintenance/components/maintenance-history';
import { ValveParts } from '@/features/parts/components/valve-parts';
import { PARTS_TEXTS } from '@/features/parts/texts';
import { PhotoGallery } from '@/features/photos/components/photo-gallery';
import { ReliefValvePanel } from '@/features/relief-valves/components/relief-valve-panel';
import { useValve } from '@/features/valves/api/get-valve';
import { ValveHeader } from '@/features/valves/components/valve-header';
import { ValveMaintenanceTab } from '@/features/valves/components/valve-maintenance-tab';
import { ValveSpecificationsTab } from '@/features/valves/components/valve-specifications-tab';
import { WorkOrderCard } from '@/features/work-orders/components/work-order-card';
import { isNotFound, parseRouteId } from '@/lib/route-id';
import { ValveActions } from './valve-actions';
import { ValveFailuresSection } from './valve-failures-section';

const TAB_NAMES = ['specifications', 'maintenance', 'work-orders', 'photos', 'documents', 'parts', 'history'];

const notFound = <MissingRecord message={TEXTS.valves.notFound} backTo="/valves" backLabel={TEXTS.notFound.toValves} />;

/**
 * Spec §2.6. An id the URL cannot hold is "not found" straight away, without asking the server. The valve's own
 * parts come from the valves feature; its history, failures, work orders, photos and label from theirs.
 */
export function ValveDetailScreen() {
  const id = parseRouteId(useParams().id);
  return id === null ? notFound : <ValveDetail id={id} />;
}

function ValveDetail({ id }: { id: number }) {
  const { data: valve, error, isPending, refetch } = useValve(id);
  const [tab, showTab] = useUrlTab(TAB_NAMES);

  if (isNotFound(error)) return notFound;
  if (error) return <LoadError error={error} onRetry={() => refetch()} />;
  if (isPending) {
    return <Skeletons count={3} label="Loading valve" className="gap-3" itemClassName="h-40" />;
  }

  const tabs = TEXTS.valves.tabs;
  return (
    <>
      <title>{`${valve.valveId} · ValveOps`}</title>
      <ValveHeader valve={valve} />
      <ValveActions valve={valve} onShowTab={showTab} />
      {valve.type === RELIEF_VALVE_TYPE ? <ReliefValvePanel valveId={valve.id} /> : null}
      <Tabs value={tab} onValueChange={showTab} className="mt-6">
        {/* Seven tabs do not fit one row at 360 px: rows of two, every label whole. */}
        <TabsList aria-label="Valve information" className="grid grid-cols-2 sm:flex">
          <TabsTrigger value="specifications">{tabs.specifications}</TabsTrigger>
          <TabsTrigger value="maintenance">{tabs.maintenance}</TabsTrigger>
          <TabsTrigger value="work-orders">{tabs.workOrders}</TabsTrigger>
          <TabsTrigger value="photos">{tabs.photos}</TabsTrigger>
          <TabsTrigger value="documents">Documents</TabsTrigger>
          <TabsTrigger value="parts">Parts &amp; cost</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="specifications">
          <ValveSpecificationsTab valve={valve} />
        </TabsContent>
        <TabsContent value="maintenance">
          <ValveMaintenanceTab valve={valve} history={<MaintenanceHistory valveId={valve.id} />} />
          <ValveFailuresSection valveId={valve.id} />
        </TabsContent>
        <TabsContent value="work-orders">
          {valve.workOrders.length === 0 ? (
            <EmptyState>{TEXTS.valves.noWorkOrders}</EmptyState>
          ) : (
            <ul aria-label="Work orders of this valve" className="grid gap-2 md:grid-cols-2">
              {valve.workOrders.map((workOrder) => (
                <li key={workOrder.id}>
                  <WorkOrderCard workOrder={workOrder} className="h-full" />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="photos">
          <PhotoGallery owner={{ valveId: valve.id }} emptyText={TEXTS.valves.noPhotos} />
        </TabsContent>
        <TabsContent value="documents">
          <ValveDocuments valveId={valve.id} valveLabel={valve.valveId} />
        </TabsContent>
        <TabsContent value="parts">
          <Section id="valve-costs" title={COST_TEXTS.valveTitle}>
            <ValveCosts valveId={valve.id} />
          </Section>
          <Section id="valve-parts" title={PARTS_TEXTS.fitting.title}>
            <ValveParts model={valve.model} />
          </Section>
        </TabsContent>
        <TabsContent value="history">
          <HistoryList entity="valves" id={valve.id} />
        </TabsContent>
      </Tabs>
      <ValveLabelPanel valve={valve} />
    </>
  );
}
