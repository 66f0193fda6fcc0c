import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { type FormEvent, useState } from 'react';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { SignatureFields } from '@/components/signature-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { newActionKey } from '@/lib/action-key';
import { fieldErrors, readApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { type ReviewStage, useReviewWorkOrder } from '../api/review-work-order';
import { REVIEW_TEXTS as T } from '../texts';

type Meaning = 'reviewed' | 'approved';

/** Approve (review) or close a completed work order, signing it with the password when a signature is asked. */
export function ReviewDialog({
  workOrder,
  stage,
  open,
  onOpenChange,
}: {
  workOrder: WorkOrderDetail;
  stage: ReviewStage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T[stage].title} description={`${T[stage].verb} ${workOrder.workOrderId}`}>
        {open ? <ReviewForm workOrder={workOrder} stage={stage} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm({
  workOrder,
  stage,
  onDone,
}: {
  workOrder: WorkOrderDetail;
  stage: ReviewStage;
  onDone: () => void;
}) {
  const [password, setPassword] = useState('');
  const [meaning, setMeaning] = useState<Meaning>(stage === 'approve' ? 'approved' : 'reviewed');
  const [key] = useState(newActionKey);
  const [offline, setOffline] = useState(false);
  const review = useReviewWorkOrder();
  const failure = review.error ? readApiError(review.error) : null;
  const errors = failure ? fieldErrors(failure.issues) : {};
  const passwordError =
    offline && password
      ? T.offline
      : (errors.signature ??
        errors['signature.password'] ??
        (failure?.status === 403 && failure.message.includes('password') ? failure.message : undefined));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (review.isPending) return;
    const isOffline = !navigator.onLine;
    setOffline(isOffline);
    if (isOffline) return;
    review.mutate(
      {
        id: workOrder.id,
        stage,
        key,
        body: { version: workOrder.version, ...(password && { signature: { password, meaning } }) },
      },
      {
        onSuccess: (saved) => {
          toast({ title: T[stage].done, description: `${saved.workOrderId} · ${saved.title}` });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-base text-slate-700">
        <span className="font-semibold">{workOrder.workOrderId}</span> · {workOrder.title}
      </p>
      {failure && !passwordError ? <FormAlert title={T[stage].failed}>{failure.message}</FormAlert> : null}
      <SignatureFields
        legend={T[stage].legend}
        hint={T.hint}
        password={password}
        passwordError={passwordError}
        onPasswordChange={(value) => {
          setPassword(value);
          review.reset();
        }}
        meaning={meaning}
        meanings={['reviewed', 'approved']}
        onMeaningChange={setMeaning}
      />
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={review.isPending}>
          Cancel
        </Button>
        <SubmitButton busy={review.isPending} busyLabel={T[stage].busy}>
          {T[stage].submit}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
