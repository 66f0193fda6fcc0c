import { OneTextForm, refusalOf, type TextRefusal } from '@/components/one-text-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';

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
  const send = async (reason: string): Promise<TextRefusal | null> => {
    if (!reason.trim()) return { field: 'Say why it is deleted.' };
    try {
      await onDelete(reason.trim());
      onDone();
      return null;
    } catch (error) {
      return refusalOf(error, 'reason');
    }
  };

  return (
    <OneTextForm
      intro={
        <p className="rounded-lg bg-red-50 p-3 text-base break-words text-red-900">
          <span className="font-bold">{what}</span> will no longer be shown. Who deleted it, when and why stay in the
          history.
        </p>
      }
      label="Reason"
      rows={3}
      placeholder="e.g. Wrong valve; superseded by the new certificate"
      failedTitle="Could not delete"
      cancelLabel="Cancel"
      submitLabel="Delete"
      busyLabel="Deleting…"
      danger
      busy={false}
      onSubmit={send}
      onCancel={onDone}
    />
  );
}
