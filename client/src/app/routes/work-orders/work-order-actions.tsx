import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { useQuery } from '@tanstack/react-query';
import { Ban, Camera, CircleCheck, Lock, Pencil, RefreshCw, ShieldCheck, StickyNote } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PhotoUploadDialog } from '@/features/photos/components/photo-upload-dialog';
import { CompletionFailureSection } from '@/features/reliability/components/completion-failure-section';
import { signaturesQuery } from '@/features/signatures/signature-list';
import { CancelDialog } from '@/features/work-orders/components/cancel-dialog';
import { CompleteDialog } from '@/features/work-orders/components/complete-dialog';
import { NoteDialog } from '@/features/work-orders/components/note-dialog';
import { ReviewDialog } from '@/features/work-orders/components/review-dialog';
import { StatusDialog } from '@/features/work-orders/components/status-dialog';
import { WorkOrderFormDialog } from '@/features/work-orders/components/work-order-form-dialog';
import { completeBlocker, statusSteps } from '@/features/work-orders/status-steps';
import { REVIEW_TEXTS, WORK_ORDER_WRITE_TEXTS as T } from '@/features/work-orders/texts';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';

const [COMPLETE, ADD_PHOTO, ADD_NOTE, UPDATE_STATUS] = TEXTS.workOrders.buttons;

type Open = 'complete' | 'photo' | 'note' | 'status' | 'edit' | 'amend' | 'cancel' | 'approve' | 'close' | null;

/**
 * Spec §2.8's four buttons; each opens its form and the screen updates in place when it is saved. The photo
 * dialog is the photos feature's, the completion's failure and downtime the reliability feature's; the others are
 * the work order's own.
 */
export function WorkOrderActions({
  workOrder,
  onShowTab,
}: {
  workOrder: WorkOrderDetail;
  onShowTab: (tab: string) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const canWork = useCan('work-orders:work');
  const canComplete = useCan('work-orders:complete');
  const canRecord = useCan('maintenance:record');
  const canCancel = useCan('work-orders:cancel');
  const canApprove = useCan('records:approve');
  // A signed order is changed only by a signed amendment (issue 27 item 3): Amend replaces Edit.
  const signed = (useQuery(signaturesQuery('work_order', workOrder.id)).data?.length ?? 0) > 0;
  // A closed order is read-only but for notes (issue 29); a signed one changes only by an amendment.
  const closed = workOrder.closedAt !== null;
  const blocker = closed
    ? T.closedBlocker
    : signed
      ? T.signedBlocker
      : workOrder.approvedAt
        ? T.approvedBlocker
        : completeBlocker(workOrder.status, canComplete);
  const done = workOrder.status === 'completed';
  const review = !done || !canApprove ? null : !workOrder.approvedAt ? 'approve' : !workOrder.closedAt ? 'close' : null;
  const isOpen = workOrder.status === 'pending' || workOrder.status === 'in_progress';
  const dialog = (name: Exclude<Open, null>) => ({
    open: open === name,
    onOpenChange: (next: boolean) => setOpen(next ? name : null),
  });

  return (
    <>
      <div className="mt-4 grid grid-cols-2 gap-2 md:grid-cols-4">
        <Button
          className="bg-green-700 hover:bg-green-800 active:bg-green-900"
          onClick={() => setOpen('complete')}
          disabled={blocker !== null}
          aria-describedby={blocker ? 'complete-blocker' : undefined}
        >
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          {COMPLETE}
        </Button>
        <Button variant="outline" onClick={() => setOpen('photo')} disabled={!canRecord || closed}>
          <Camera className="size-5 shrink-0" aria-hidden="true" />
          {ADD_PHOTO}
        </Button>
        <Button variant="outline" onClick={() => setOpen('note')} disabled={!canWork}>
          <StickyNote className="size-5 shrink-0" aria-hidden="true" />
          {ADD_NOTE}
        </Button>
        <Button
          variant="outline"
          onClick={() => setOpen('status')}
          disabled={!canWork || workOrder.approvedAt !== null || statusSteps(workOrder.status).length === 0}
        >
          <RefreshCw className="size-5 shrink-0" aria-hidden="true" />
          {UPDATE_STATUS}
        </Button>
      </div>
      {done ? <ReviewState workOrder={workOrder} /> : null}
      {review ? (
        <Button className="mt-2 w-full sm:w-auto" onClick={() => setOpen(review)}>
          {review === 'approve' ? (
            <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
          ) : (
            <Lock className="size-5 shrink-0" aria-hidden="true" />
          )}
          {REVIEW_TEXTS[review].button}
          <span className="sr-only"> work order</span>
        </Button>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        {blocker ? (
          <p id="complete-blocker" className="min-w-0 flex-1 text-sm text-slate-600">
            {blocker}
          </p>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-1">
          {canCancel && isOpen ? (
            <Button variant="ghost" size="sm" onClick={() => setOpen('cancel')}>
              <Ban className="size-4 shrink-0" aria-hidden="true" />
              {T.cancelButton}
            </Button>
          ) : null}
          {canWork && isOpen && !signed ? (
            <Button variant="ghost" size="sm" onClick={() => setOpen('edit')}>
              <Pencil className="size-4 shrink-0" aria-hidden="true" />
              {T.editButton}
              <span className="sr-only"> work order</span>
            </Button>
          ) : null}
          {canWork && signed && !closed ? (
            <Button variant="ghost" size="sm" onClick={() => setOpen('amend')}>
              <Pencil className="size-4 shrink-0" aria-hidden="true" />
              {T.amendButton}
              <span className="sr-only"> work order</span>
            </Button>
          ) : null}
        </div>
      </div>

      <CompleteDialog {...dialog('complete')} workOrder={workOrder} Extra={CompletionFailureSection} />
      <ReviewDialog {...dialog('approve')} stage="approve" workOrder={workOrder} />
      <ReviewDialog {...dialog('close')} stage="close" workOrder={workOrder} />
      <WorkOrderFormDialog {...dialog('edit')} workOrder={workOrder} />
      <WorkOrderFormDialog {...dialog('amend')} workOrder={workOrder} amend />
      <NoteDialog {...dialog('note')} workOrder={workOrder} />
      <CancelDialog {...dialog('cancel')} workOrder={workOrder} />
      <StatusDialog
        {...dialog('status')}
        workOrder={workOrder}
        onComplete={workOrder.status === 'in_progress' && canComplete ? () => setOpen('complete') : undefined}
      />
      <PhotoUploadDialog
        {...dialog('photo')}
        owner={{ workOrderId: workOrder.id }}
        ownerLabel={workOrder.workOrderId}
        onUploaded={() => onShowTab('photos')}
      />
    </>
  );
}

/** After completion: who approved and who closed it, and when; or that it waits for review. */
function ReviewState({ workOrder }: { workOrder: WorkOrderDetail }) {
  const lines = [
    workOrder.approvedAt
      ? `Approved by ${workOrder.approvedByUser?.name ?? 'a former user'}, ${formatDateTime(workOrder.approvedAt)}`
      : 'Awaiting approval',
    workOrder.closedAt
      ? `Closed by ${workOrder.closedByUser?.name ?? 'a former user'}, ${formatDateTime(workOrder.closedAt)}`
      : null,
  ].filter(Boolean);
  return (
    <p className="mt-3 text-base text-slate-700" data-testid="review-state">
      {lines.join(' · ')}
    </p>
  );
}
