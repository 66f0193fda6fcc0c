import { DISPLAY_LIMITS } from '@common/constants';
import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ExportLinks } from '@/components/export-links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ValvePickerSlot } from '@/components/valve-picker-slot';
import { countOf } from '@/lib/format';
import { filterPlantNames, usePlants } from '@/lib/plants';
import { useSession } from '@/lib/session/session-query';
import { useCan } from '@/lib/session/use-can';
import { useWorkOrders } from './api/get-work-orders';
import { PendingWorkOrders } from './components/pending-work-orders';
import { WorkOrderCard } from './components/work-order-card';
import { WorkOrderFormDialog } from './components/work-order-form-dialog';
import { WorkOrderTable } from './components/work-order-table';
import { WorkOrderTools } from './components/work-order-tools';
import {
  applyWorkOrderFilters,
  assigneesOf,
  exportFilters,
  isNarrowed,
  readWorkOrderFilters,
  type WorkOrderFilters,
  writeWorkOrderFilters,
} from './work-order-filters';
import { type WorkOrderTab, workOrdersInTab } from './work-order-tabs';

/** Orders shown at once per tab: a long history comes a page at a time. */
const PAGE = 20;

const TABS: WorkOrderTab[] = ['active', 'pending', 'completed'];

function isTab(value: string | null): value is WorkOrderTab {
  return TABS.includes(value as WorkOrderTab);
}

/**
 * Spec §2.5. The open tab is kept in the URL, so Back from a work order returns to the same tab. Create Order asks
 * for the valve with the valves feature's picker, which the route passes in.
 */
export function WorkOrderListScreen({ valvePicker }: { valvePicker: ValvePickerSlot }) {
  const { data, error, isPending, refetch } = useWorkOrders();
  const [searchParams, setSearchParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const canCreate = useCan('work-orders:create');
  const requested = searchParams.get('tab');
  const tab = isTab(requested) ? requested : 'active';
  const showTab = (next: string) => {
    const search = new URLSearchParams(searchParams);
    if (next === 'active') search.delete('tab');
    else search.set('tab', next);
    setSearchParams(search, { replace: true });
  };
  const filters = readWorkOrderFilters(searchParams);
  const setFilters = (next: WorkOrderFilters) =>
    setSearchParams(writeWorkOrderFilters(searchParams, next), { replace: true });
  const user = useSession().data;
  const plants = filterPlantNames(usePlants().data, user?.plants ?? [], filters.plant);
  const shown = data ? applyWorkOrderFilters(data, filters, user?.id ?? null) : [];
  const narrowed = isNarrowed(filters);

  return (
    <>
      <title>{`${TEXTS.workOrders.title} · ValveOps`}</title>
      <PageHeader
        title={TEXTS.workOrders.title}
        action={
          <Button onClick={() => setCreating(true)} disabled={!canCreate}>
            <Plus className="size-5" aria-hidden="true" />
            {TEXTS.workOrders.create}
          </Button>
        }
      />
      <WorkOrderFormDialog open={creating} onOpenChange={setCreating} valvePicker={valvePicker} />
      <PendingWorkOrders />
      <WorkOrderTools
        filters={filters}
        onChange={setFilters}
        onClear={() => setSearchParams(tab === 'active' ? {} : { tab }, { replace: true })}
        plants={plants}
        assignees={data ? assigneesOf(data) : []}
      />
      <div className="mb-3">
        <ExportLinks kind="work-orders" what="work orders" filters={exportFilters(filters)} />
      </div>
      {error ? (
        <LoadError error={error} onRetry={() => refetch()} />
      ) : (
        <Tabs value={tab} onValueChange={showTab}>
          <TabsList aria-label="Work order status">
            {TABS.map((name) => (
              // On a phone the count sits under its label so all three tabs fit without scrolling.
              <TabsTrigger key={name} value={name} className="flex-col gap-0 py-1 sm:flex-row sm:gap-1.5">
                {TEXTS.workOrders.tabs[name]}
                <span className="rounded-full bg-slate-300/70 px-2 text-sm tabular-nums">
                  {data ? workOrdersInTab(data, name).length : '…'}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((name) => (
            <TabsContent key={name} value={name}>
              {isPending ? (
                <Skeletons
                  count={DISPLAY_LIMITS.workOrderTabPlaceholders}
                  label="Loading work orders"
                  className="md:grid-cols-2"
                  itemClassName="h-44"
                />
              ) : filters.status === 'cancelled' ? (
                <WorkOrderList key={name} orders={shown} note="Cancelled work orders (in no tab)" />
              ) : (
                <WorkOrderList
                  key={`${name}:${searchParams.toString()}`}
                  orders={workOrdersInTab(shown, name)}
                  note={narrowed ? `Filtered: of ${workOrdersInTab(data, name).length} in this tab` : undefined}
                />
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </>
  );
}

/**
 * Cards on a phone and a tablet, a table from laptop width; a page of orders at a time (the tab's count stays the
 * whole count, as the spec shows it).
 */
function WorkOrderList({ orders, note }: { orders: WorkOrderSummary[]; note?: string }) {
  const [limit, setLimit] = useState(PAGE);
  if (orders.length === 0) return <EmptyState>{TEXTS.workOrders.empty}</EmptyState>;
  const page = orders.slice(0, limit);
  return (
    <>
      <p className="mb-2 text-sm font-medium text-slate-600" aria-live="polite">
        {page.length < orders.length
          ? `Showing ${page.length} of ${countOf(orders.length, 'work order')}`
          : countOf(orders.length, 'work order')}
        {note ? ` · ${note}` : ''}
      </p>
      <ul aria-label="Work orders" className="grid gap-2 md:grid-cols-2 lg:hidden">
        {page.map((workOrder) => (
          <li key={workOrder.id} className="[contain-intrinsic-size:auto_11rem] [content-visibility:auto]">
            <WorkOrderCard workOrder={workOrder} className="h-full" />
          </li>
        ))}
      </ul>
      <div className="hidden lg:block">
        <WorkOrderTable orders={page} />
      </div>
      {page.length < orders.length ? (
        <Button variant="outline" className="mt-3 w-full" onClick={() => setLimit(limit + PAGE)}>
          {`Show ${Math.min(PAGE, orders.length - page.length)} more`}
        </Button>
      ) : null}
    </>
  );
}
