import type { FailureReport } from '@common/schemas/reliability';
import { Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Skeletons } from '@/components/ui/skeleton';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { toLocalInput } from '@/lib/local-time';
import { toast } from '@/lib/toast';
import { useFailureCodes } from '../api/failure-codes';
import { useSaveFailure } from '../api/work-order-failure';
import { EMPTY_FAILURE, FAILURE_FIELDS, type FailureDraft, failureOf } from '../completion-draft';
import { RELIABILITY_TEXTS } from '../texts';
import { FailureFields } from './failure-fields';

const T = RELIABILITY_TEXTS.workOrder;

const draftOf = (report: FailureReport | null): FailureDraft =>
  report
    ? {
        mode: report.mode,
        mechanism: report.mechanism ?? '',
        cause: report.cause ?? '',
        remedy: report.remedy ?? '',
        detectedBy: report.detectedBy ?? '',
        failedAt: toLocalInput(report.failedAt),
      }
    : EMPTY_FAILURE;

/**
 * Edit (or first report) of a completed order's failure, PUT /api/work-orders/:id/failure, for those with
 * failures:code. The mode is required here: there is no "no failure" to save. A refusal shows the server's words.
 */
export function FailureEditDialog({
  workOrderId,
  report,
  raisedAt,
}: {
  workOrderId: number;
  report: FailureReport | null;
  raisedAt: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto sm:justify-self-start">
          <Pencil className="size-5" aria-hidden="true" />
          {report ? T.edit : T.report}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.editTitle}>
        {open ? (
          <FailureForm workOrderId={workOrderId} report={report} raisedAt={raisedAt} onDone={() => setOpen(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function FailureForm({
  workOrderId,
  report,
  raisedAt,
  onDone,
}: {
  workOrderId: number;
  report: FailureReport | null;
  raisedAt: string;
  onDone: () => void;
}) {
  const codes = useFailureCodes();
  const [draft, setDraft] = useState(() => draftOf(report));
  const save = useSaveFailure(workOrderId);
  const form = useContractForm({
    schemas: contractSchemas.reliability,
    fields: FAILURE_FIELDS,
    failedTitle: T.editFailed,
  });
  const busy = save.isPending || form.checking;

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const checked = await form.check((schemas) => schemas.failureBody, failureOf(draft) ?? { mode: '' });
      if (!checked) return;
      save.mutate(checked, {
        onError: (error) => form.refuse(error),
        onSuccess: () => {
          toast({ title: T.saved });
          onDone();
        },
      });
    });

  if (codes.isPending) return <Skeletons count={3} label={RELIABILITY_TEXTS.codesLoading} itemClassName="h-12" />;
  if (codes.isError) return <p role="alert">{RELIABILITY_TEXTS.codesMissing}</p>;
  return (
    <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.editTitle}>
      <FormProblemAlert problem={form.alert} />
      <FailureFields
        codes={codes.data}
        draft={draft}
        errors={form.errors}
        prefix=""
        optional={false}
        raisedAt={raisedAt}
        onChange={(field, value) => {
          setDraft((current) => ({ ...current, [field]: value }));
          form.clear(field);
        }}
      />
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {T.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={T.saving}>
          {T.save}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
