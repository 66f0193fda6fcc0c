import type { DowntimePeriod } from '@common/schemas/reliability';
import { Trash2 } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { FormAlert } from '@/components/form-parts';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { readApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDowntime, useRemoveDowntime } from '../api/downtime';
import { RELIABILITY_TEXTS } from '../texts';
import { AddDowntimeDialog } from './add-downtime-dialog';

const T = RELIABILITY_TEXTS.workOrder;

/**
 * A work order's downtime periods (from, to, hours, why, who) and their total; while the order may still change
 * (`writable`: not closed or cancelled, and the user works orders) Add period and Remove.
 */
export function WorkOrderDowntime({ workOrderId, writable }: { workOrderId: number; writable: boolean }) {
  const downtime = useDowntime(workOrderId);
  const remove = useRemoveDowntime(workOrderId);
  if (downtime.isPending) return <Skeletons count={2} label={T.downtimeTitle} itemClassName="h-16" />;
  if (downtime.isError) return <LoadError error={downtime.error} onRetry={() => downtime.refetch()} />;
  const periods = downtime.data;
  const hours = periods.reduce((sum, period) => sum + period.hours, 0);
  const removeFailure = remove.error ? readApiError(remove.error).message : null;
  return (
    <div className="grid gap-3">
      {removeFailure ? <FormAlert title={T.removeFailed}>{removeFailure}</FormAlert> : null}
      {periods.length === 0 ? (
        <EmptyState>{T.noDowntime}</EmptyState>
      ) : (
        <>
          <ul
            aria-label={T.downtimeTitle}
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          >
            {periods.map((period) => (
              <li key={period.id} className="flex items-start justify-between gap-2 p-3">
                <PeriodLines period={period} />
                {writable ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={T.removeLabel(formatDateTime(period.startedAt))}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(period.id, { onSuccess: () => toast({ title: T.removed }) })}
                  >
                    <Trash2 className="size-5" aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="text-base font-semibold text-slate-900">{T.total(hours)}</p>
        </>
      )}
      {writable ? <AddDowntimeDialog workOrderId={workOrderId} /> : null}
    </div>
  );
}

function PeriodLines({ period }: { period: DowntimePeriod }) {
  return (
    <span className="grid min-w-0 gap-0.5">
      <span className="font-semibold text-slate-900">
        {formatDateTime(period.startedAt)} – {formatDateTime(period.endedAt)}
      </span>
      <span className="text-sm text-slate-700">
        {T.hours(period.hours)}
        {period.recordedBy ? ` · ${T.by(period.recordedBy.name)}` : ''}
      </span>
      <span className="text-base break-words text-slate-800">{period.reason}</span>
    </span>
  );
}
