import { DISPLAY_LIMITS } from '@common/constants';
import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ValvePickerSlot } from '@/components/valve-picker-slot';
import { useCan } from '@/lib/session/use-can';
import { useWorkOrders } from './api/get-work-orders';
import { PendingWorkOrders } from './components/pending-work-orders';
import { WorkOrderCard } from './components/work-order-card';
import { WorkOrderFormDialog } from './components/work-order-form-dialog';
import { type WorkOrderTab, workOrdersInTab } from './work-order-tabs';

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
  const showTab = (next: string) => setSearchParams(next === 'active' ? {} : { tab: next }, { replace: true });

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
              ) : (
                <WorkOrderList orders={workOrdersInTab(data, name)} />
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </>
  );
}

function WorkOrderList({ orders }: { orders: WorkOrderSummary[] }) {
  if (orders.length === 0) return <EmptyState>{TEXTS.workOrders.empty}</EmptyState>;
  return (
    <ul aria-label="Work orders" className="grid gap-2 md:grid-cols-2">
      {orders.map((workOrder) => (
        <li key={workOrder.id} className="[contain-intrinsic-size:auto_11rem] [content-visibility:auto]">
          <WorkOrderCard workOrder={workOrder} className="h-full" />
        </li>
      ))}
    </ul>
  );
}
