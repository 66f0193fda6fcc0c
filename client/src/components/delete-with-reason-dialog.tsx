import { type FormEvent, useState } from 'react';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { fieldErrors, readApiError } from '@/lib/api-error';

type DeleteWithReasonDialogProps = {
  /** e.g. 'Delete photo', 'Delete document'. */
  title: string;
  /** What goes, as the user knows it: the document's name, "Photo of V-001-BV". */
  what: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the deletion; a thrown API error is shown in the form. */
  onDelete: (reason: string) => Promise<void>;
};

/** A deletion that says why: the reason is required and is kept, with who and when, in the record's history. */
export function DeleteWithReasonDialog({ title, what, open, onOpenChange, onDelete }: DeleteWithReasonDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description="The reason is kept in the valve's history">
        {open ? <ReasonForm what={what} onDelete={onDelete} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReasonForm({
  what,
  onDelete,
  onDone,
}: {
  what: string;
  onDelete: (reason: string) => Promise<void>;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) {
      setReasonError('Say why it is deleted.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onDelete(reason.trim());
      onDone();
    } catch (error) {
      const problem = readApiError(error);
      const byField = fieldErrors(problem.issues);
      if (byField.reason) setReasonError(byField.reason);
      else setFailure(problem.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="rounded-lg bg-red-50 p-3 text-base break-words text-red-900">
        <span className="font-bold">{what}</span> will no longer be shown. Who deleted it, when and why stay in the
        history.
      </p>
      {failure ? <FormAlert title="Could not delete">{failure}</FormAlert> : null}
      <Field label="Reason" required error={reasonError}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
            placeholder="e.g. Wrong valve; superseded by the new certificate"
          />
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <SubmitButton variant="danger" busy={busy} busyLabel="Deleting…">
          Delete
        </SubmitButton>
      </FormActions>
    </form>
  );
}
