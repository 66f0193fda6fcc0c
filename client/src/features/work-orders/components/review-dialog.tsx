import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { SignatureFields } from '@/components/signature-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import type { ApiFailure } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { useSignOff } from '../api/get-sign-off';
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

// Any problem with the signature shows under its password.
const FIELDS = ['signature.password'];

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
  const { data: signOff } = useSignOff(workOrder.id);
  const [key] = useState(newActionKey);
  const review = useReviewWorkOrder();
  const form = useContractForm({
    schemas: contractSchemas.workOrders,
    fields: FIELDS,
    failedTitle: T[stage].failed,
  });
  const busy = review.isPending || form.checking;

  // A wrong password is refused with 403: it belongs under the password, where it is typed again.
  const wrongPassword = (failure: ApiFailure) => {
    if (failure.status !== 403 || !failure.message.includes('password')) return false;
    form.showFieldErrors({ 'signature.password': failure.message });
    return true;
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      // Signing needs the server there and then: nothing is queued.
      if (!navigator.onLine) return form.showFieldErrors({ 'signature.password': T.offline });
      const body = await form.check((schemas) => schemas.workOrderReviewBody, {
        version: workOrder.version,
        ...(password && { signature: { password, meaning } }),
      });
      if (!body) return;
      review.mutate(
        { id: workOrder.id, stage, key, body },
        {
          onSuccess: (saved) => {
            toast({ title: T[stage].done, description: `${saved.workOrderId} · ${saved.title}` });
            onDone();
          },
          onError: (error) => form.refuse(error, undefined, wrongPassword),
        },
      );
    });

  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-base text-slate-700">
        <span className="font-semibold">{workOrder.workOrderId}</span> · {workOrder.title}
      </p>
      <FormProblemAlert problem={form.alert} />
      <SignatureFields
        legend={T[stage].legend}
        hint={signOff?.[stage] ? T.requiredHint : T.hint}
        required={signOff?.[stage]}
        password={password}
        passwordError={form.errors['signature.password']}
        onPasswordChange={(value) => {
          setPassword(value);
          form.clear('signature.password');
        }}
        meaning={meaning}
        meanings={['reviewed', 'approved']}
        onMeaningChange={setMeaning}
      />
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <SubmitButton busy={busy} busyLabel={T[stage].busy}>
          {T[stage].submit}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
