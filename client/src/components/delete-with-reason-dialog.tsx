import { OneTextForm } from '@/components/one-text-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { contractSchemas } from '@/lib/contract-schemas';

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
      schemas={contractSchemas.documents}
      pick={(schemas) => schemas.deletionBody}
      field="reason"
      bodyOf={(reason) => ({ reason })}
      ownIssues={(reason) => (reason.trim() ? [] : [{ path: 'reason', message: 'Say why it is deleted.' }])}
      send={async (body) => {
        await onDelete(body.reason);
        onDone();
      }}
      onCancel={onDone}
    />
  );
}
