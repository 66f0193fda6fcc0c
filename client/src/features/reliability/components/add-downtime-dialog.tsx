import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { formatDateTime } from '@/lib/format';
import { fromLocalInput } from '@/lib/local-time';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import { useAddDowntime } from '../api/downtime';
import { EMPTY_ROW } from '../completion-draft';
import { RELIABILITY_TEXTS } from '../texts';
import { DowntimeFields } from './downtime-fields';

const T = RELIABILITY_TEXTS.workOrder;
const FIELDS = ['startedAt', 'endedAt', 'reason'];

/**
 * Add period: a downtime period recorded after the fact (POST /api/work-orders/:id/downtime). The server refuses
 * one that overlaps another period of the order, or an order closed or cancelled: its words show on the form. With
 * no signal the period is kept on the device, and the form closes saying so.
 */
export function AddDowntimeDialog({ workOrderId }: { workOrderId: number }) {
  const [open, setOpen] = useState(false);
  const [row, setRow] = useState(EMPTY_ROW);
  const [key, setKey] = useState(newActionKey);
  const add = useAddDowntime(workOrderId);
  const form = useContractForm({ schemas: contractSchemas.reliability, fields: FIELDS, failedTitle: T.addFailed });
  const busy = add.isPending || form.checking;

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setRow(EMPTY_ROW);
      form.reset();
      setKey(newActionKey());
    }
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const own = FIELDS.filter((field) => !row[field as keyof typeof row].trim()).map((field) => ({
        path: field,
        message: RELIABILITY_TEXTS.downtime.required,
      }));
      const body = {
        startedAt: fromLocalInput(row.startedAt),
        endedAt: fromLocalInput(row.endedAt),
        reason: row.reason,
      };
      const checked = await form.check((schemas) => schemas.downtimeInput, body, own);
      if (!checked) return;
      add.mutate(
        { body: checked, key },
        {
          onError: (error) => form.refuse(error),
          onSuccess: (reply) => {
            if (isQueued(reply)) toastQueued(T.queued(formatDateTime(checked.startedAt)));
            else toast({ title: T.added });
            openChange(false);
          },
        },
      );
    });

  return (
    <FormDialog
      title={T.addTitle}
      open={open}
      onOpenChange={openChange}
      trigger={
        <Button variant="outline" className="w-full sm:w-auto sm:justify-self-start">
          <Plus className="size-5" aria-hidden="true" />
          {T.addTitle}
        </Button>
      }
      form={form}
      busy={busy}
      cancelLabel={T.cancel}
      submit={{ label: T.addTitle, busyLabel: T.adding }}
      onSubmit={submit}
    >
      <DowntimeFields
        row={row}
        errors={form.errors}
        prefix=""
        required
        onChange={(field, value) => {
          setRow((current) => ({ ...current, [field]: value }));
          form.clear(field);
        }}
      />
    </FormDialog>
  );
}
