import { type FormEvent, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { useReportProblem } from '../api/report-problem';
import { REQUEST_TEXTS } from '../texts';
import { EMPTY_DRAFT, type RequestDraft, RequestFields } from './request-fields';

const T = REQUEST_TEXTS.report;
const FIELDS = ['description', 'photo'];

type Props = { valve: { id: number; valveId: string }; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Report a problem from the valve's screen (signed in): the same request as the label's page, for someone who
 * may not raise work orders, or who wants a supervisor to decide. With no signal it waits in the queue.
 */
export function ReportProblemDialog({ valve, open, onOpenChange }: Props) {
  const [draft, setDraft] = useState<RequestDraft>(EMPTY_DRAFT);
  const [key, setKey] = useState(newActionKey);
  const report = useReportProblem();
  const form = useContractForm({ schemas: contractSchemas.requests, fields: FIELDS, failedTitle: T.failed });
  const busy = report.isPending || form.checking;

  const openChange = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setDraft(EMPTY_DRAFT);
      setKey(newActionKey());
      form.reset();
    }
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.workRequestBody, {
        valveId: valve.id,
        description: draft.description,
        photo: draft.photo,
      });
      if (!body) return;
      report.mutate(
        { body, key },
        {
          onError: (error) => form.refuse(error),
          onSuccess: form.saved(
            T.queued,
            () => T.done,
            () => openChange(false),
          ),
        },
      );
    });

  return (
    <FormDialog
      title={T.title(valve.valveId)}
      intro={T.intro}
      open={open}
      onOpenChange={openChange}
      form={form}
      busy={busy}
      cancelLabel={REQUEST_TEXTS.triage.cancel}
      submit={{ label: T.submit, busyLabel: T.busy }}
      onSubmit={submit}
    >
      <RequestFields
        draft={draft}
        errors={form.errors}
        busy={busy}
        askWho={false}
        onChange={(change) => {
          setDraft((current) => ({ ...current, ...change }));
          for (const field of Object.keys(change)) form.clear(field);
        }}
      />
    </FormDialog>
  );
}
