import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { ArrowRight, CircleCheck, Loader2, Pause, Play, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { ConflictNotice } from '@/components/conflict-notice';
import { FormAlert } from '@/components/form-parts';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { STEP_DONE, type StoredStatus, statusSteps } from '../status-steps';
import { WORK_ORDER_WRITE_TEXTS as T } from '../texts';
import { WorkOrderStatusBadge } from './work-order-badges';
import { useStatusChangeWithConflict, WorkOrderConflictSummary } from './work-order-conflict';

const ICONS = { in_progress: Play, pending: Pause, completed: CircleCheck } as const;

type StatusDialogProps = {
  workOrder: WorkOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Offered from In Progress when the user may complete: opens the Complete form instead. */
  onComplete?: () => void;
};

/** Update Status: the legal next steps from the current status, each one big button. */
export function StatusDialog({ workOrder, open, onOpenChange, onComplete }: StatusDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T.statusTitle} description={`Change the status of ${workOrder.workOrderId}`}>
        {open ? <StatusSteps workOrder={workOrder} onDone={() => onOpenChange(false)} onComplete={onComplete} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function StatusSteps({
  workOrder,
  onDone,
  onComplete,
}: {
  workOrder: WorkOrderDetail;
  onDone: () => void;
  onComplete?: () => void;
}) {
  const [chosen, setChosen] = useState<StoredStatus | null>(null);
  const change = useStatusChangeWithConflict(workOrder, {
    onQueued: onDone,
    failedTitle: T.statusFailed,
    onDone: (saved) => {
      toast({ title: STEP_DONE[saved.status as StoredStatus] ?? 'Status changed', description: saved.workOrderId });
      onDone();
    },
  });
  const steps = statusSteps(workOrder.status);

  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 text-base text-slate-700">
        {T.statusNow} <WorkOrderStatusBadge workOrder={workOrder} />
      </p>
      {change.conflict ? (
        <ConflictNotice
          what="work order"
          yourChange={steps.find((step) => step.to === change.conflict?.change.status)?.label}
          busy={change.isPending}
          onReapply={change.reapply}
          onDiscard={onDone}
        >
          <WorkOrderConflictSummary workOrder={change.conflict.current} />
        </ConflictNotice>
      ) : null}
      {change.failure ? <FormAlert title={T.statusFailed}>{change.failure.message}</FormAlert> : null}
      {steps.length === 0 && !onComplete ? <p className="text-base text-slate-600">{T.noSteps}</p> : null}
      <ul className="grid gap-2">
        {steps.map((step) => {
          const Icon = step.to === 'pending' ? Pause : workOrder.status === 'completed' ? RotateCcw : ICONS[step.to];
          const running = change.isPending && chosen === step.to;
          return (
            <li key={step.to}>
              <button
                type="button"
                disabled={change.isPending || change.conflict !== null}
                onClick={() => {
                  setChosen(step.to);
                  change.submit({ status: step.to });
                }}
                className="flex min-h-16 w-full items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 text-left hover:border-brand-600 active:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
              >
                {running ? (
                  <Loader2 className="size-6 shrink-0 animate-spin text-brand-700" aria-hidden="true" />
                ) : (
                  <Icon className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block text-lg font-bold text-slate-900">{step.label}</span>
                  <span className="block text-sm text-slate-600">{step.description}</span>
                </span>
                <ArrowRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
              </button>
            </li>
          );
        })}
        {onComplete ? (
          <li>
            <button
              type="button"
              disabled={change.isPending}
              onClick={onComplete}
              className="flex min-h-16 w-full items-center gap-3 rounded-lg border border-green-700 bg-green-50 px-4 py-3 text-left hover:bg-green-100 disabled:opacity-60"
            >
              <CircleCheck className="size-6 shrink-0 text-green-700" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block text-lg font-bold text-slate-900">{T.completeOption}</span>
                <span className="block text-sm text-slate-600">{T.completeOptionDescription}</span>
              </span>
              <ArrowRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
