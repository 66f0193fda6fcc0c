import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import type { ReactNode } from 'react';
import { DetailList, DetailRow } from '@/components/detail-row';
import { LongText } from '@/components/long-text';
import { Card } from '@/components/ui/card';
import { formatDateTime, formatPlantDay } from '@/lib/format';
import { plantZone, usePlants } from '@/lib/plants';
import { PendingNotes } from './pending-notes';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4">
      <h3 className="text-base font-bold text-slate-900">{title}</h3>
      <div className="mt-1">{children}</div>
    </Card>
  );
}

/** Description, assignment and schedule, then the maintenance records (the maintenance feature's list, passed in). */
export function WorkOrderDetailsTab({ workOrder, records }: { workOrder: WorkOrderDetail; records: ReactNode }) {
  const plants = usePlants().data;
  return (
    <div className="grid gap-3">
      {workOrder.cancelledAt ? (
        <Block title="Cancelled">
          <p className="text-base break-words text-slate-800">
            {`${formatDateTime(workOrder.cancelledAt)} by ${workOrder.cancelledByUser?.name ?? TEXTS.workOrders.notRecorded}`}
          </p>
          <LongText text={workOrder.cancelReason ?? ''} />
        </Block>
      ) : null}
      <Block title="Description">
        <LongText text={workOrder.description} />
      </Block>
      <div className="grid gap-3 md:grid-cols-2">
        <Block title="Assignment">
          <DetailList>
            <DetailRow label="Assigned to">{workOrder.assignedToUser?.name ?? TEXTS.workOrders.unassigned}</DetailRow>
            <DetailRow label="Created by">{workOrder.createdByUser?.name ?? TEXTS.workOrders.notRecorded}</DetailRow>
            {workOrder.startedByUser ? <DetailRow label="Started by">{workOrder.startedByUser.name}</DetailRow> : null}
            {workOrder.completedByUser ? (
              <DetailRow label="Completed by">{workOrder.completedByUser.name}</DetailRow>
            ) : null}
            <DetailRow label="Created">{formatDateTime(workOrder.createdAt)}</DetailRow>
          </DetailList>
        </Block>
        <Block title="Schedule">
          <DetailList>
            <DetailRow label="Due date">
              {formatPlantDay(workOrder.dueDate, plantZone(plants, workOrder.valve.plant), TEXTS.workOrders.notSet)}
            </DetailRow>
            <DetailRow label="Completed">
              {formatDateTime(workOrder.completedAt, TEXTS.workOrders.notCompleted)}
            </DetailRow>
            <DetailRow label="Last updated">{formatDateTime(workOrder.updatedAt)}</DetailRow>
          </DetailList>
        </Block>
      </div>
      <section aria-labelledby="work-order-records">
        <h3 id="work-order-records" className="mb-2 text-base font-bold text-slate-900">
          Maintenance Records
        </h3>
        <PendingNotes workOrderId={workOrder.id} />
        {records}
      </section>
    </div>
  );
}
