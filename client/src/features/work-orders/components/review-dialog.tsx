import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { type FormEvent, useState } from 'react';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
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
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">{T[stage].legend}</legend>
        <Field label="Your password" error={passwordError} hint={T.hint}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                review.reset();
              }}
            />
          )}
        </Field>
        <Field label="Meaning">
          {(control) => (
            <Select {...control} value={meaning} onChange={(e) => setMeaning(e.target.value as Meaning)}>
              <option value="reviewed">Reviewed</option>
              <option value="approved">Approved</option>
            </Select>
          )}
        </Field>
      </fieldset>
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
