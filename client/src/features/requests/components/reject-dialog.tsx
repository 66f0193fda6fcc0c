import type { WorkRequest } from '@common/schemas/requests';
import { OneTextForm } from '@/components/one-text-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { useDecideRequest } from '../api/requests';
import { REQUEST_TEXTS } from '../texts';

const T = REQUEST_TEXTS.reject;

type Props = { request: WorkRequest; open: boolean; onOpenChange: (open: boolean) => void };

/** Reject, with the reason the sender reads on their status link (required: a bare "no" helps no one). */
export function RejectDialog({ request, open, onOpenChange }: Props) {
  const decide = useDecideRequest(request.id);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T.title}>
        {open ? (
          <OneTextForm
            intro={<p className="text-base text-slate-700">{T.intro}</p>}
            label={T.reason}
            rows={3}
            placeholder={T.reasonPlaceholder}
            failedTitle={T.failed}
            cancelLabel={REQUEST_TEXTS.triage.cancel}
            submitLabel={T.submit}
            busyLabel={T.busy}
            danger
            schemas={contractSchemas.requests}
            pick={(schemas) => schemas.rejectRequestBody}
            field="reason"
            bodyOf={(reason) => ({ reason })}
            send={async (body) => {
              await decide.mutateAsync({ kind: 'reject', body });
              toast({ title: T.done });
              onOpenChange(false);
            }}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
