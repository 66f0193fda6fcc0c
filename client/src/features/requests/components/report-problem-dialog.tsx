import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
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
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent title={T.title(valve.valveId)}>
        <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title(valve.valveId)}>
          <p className="text-base text-slate-700">{T.intro}</p>
          <FormProblemAlert problem={form.alert} />
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
          <FormActions>
            <Button variant="outline" onClick={() => openChange(false)} disabled={busy}>
              {REQUEST_TEXTS.triage.cancel}
            </Button>
            <SubmitButton busy={busy} busyLabel={T.busy}>
              {T.submit}
            </SubmitButton>
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
