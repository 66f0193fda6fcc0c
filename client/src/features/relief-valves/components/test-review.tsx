import type { ReliefTest } from '@common/schemas/relief-valves';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, IN_PAGE, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import { useAcceptNameplate, useOverrideVerdict, useReliefTest } from '../api/review';
import { RELIEF_TEXTS } from '../texts';
import { ChoiceField, TextField, useFormValues } from './form-fields';

const T = RELIEF_TEXTS.review;
const PLATE_FIELDS = [
  ['serialNumber', 'Serial number'],
  ['manufacturer', 'Manufacturer'],
  ['model', 'Model'],
  ['orifice', 'Orifice'],
  ['setPressure', 'Set pressure (psi)'],
  ['capacity', 'Capacity'],
] as const;

/**
 * What an engineer reviews on a test record: an overridden verdict (who, why), the nameplate the tester found and
 * whether it was accepted into the device. An engineer (relief-valves:review) may override the as-found verdict
 * with a reason, or accept the plate; everyone else reads what was done.
 */
export function TestReview({ testId }: { testId: number }) {
  const { data: test } = useReliefTest(testId);
  const canReview = useCan('relief-valves:review');
  const [overriding, setOverriding] = useState(false);
  if (!test) return null;
  const plate = test.work.foundNameplate;
  return (
    <div className="grid gap-2">
      {test.override ? (
        <p className="rounded-lg bg-amber-50 p-2 text-slate-900">
          {T.overridden(test.override.verdict, test.override.by, formatDateTime(test.override.at))}:{' '}
          {test.override.reason}
        </p>
      ) : null}
      {plate ? <FoundNameplate test={test} canAccept={canReview} /> : null}
      {canReview && test.asFoundJudgement && !overriding ? (
        <Button variant="outline" className="w-full sm:w-auto" onClick={() => setOverriding(true)}>
          {T.override}
        </Button>
      ) : null}
      {overriding ? <OverrideForm test={test} onDone={() => setOverriding(false)} /> : null}
    </div>
  );
}

function FoundNameplate({ test, canAccept }: { test: ReliefTest; canAccept: boolean }) {
  const accept = useAcceptNameplate();
  const plate = test.work.foundNameplate ?? {};
  const found = PLATE_FIELDS.filter(([name]) => plate[name] !== undefined && plate[name] !== '');
  const acceptPlate = () =>
    accept.mutate(
      { id: test.id, key: newActionKey(), body: { version: test.version } },
      {
        onSuccess: () => toast({ title: T.plateAccepted }),
        onError: (error) => toast({ title: T.plateFailed, description: readApiError(error).message, tone: 'danger' }),
      },
    );
  return (
    <div className="rounded-lg border border-slate-300 p-2">
      <p className="font-semibold">{T.plateFound}</p>
      <ul aria-label={T.plateFound} className="text-slate-800">
        {found.map(([name, label]) => (
          <li key={name}>
            {label}: {String(plate[name])}
          </li>
        ))}
      </ul>
      {test.nameplateAccepted ? (
        <p className="text-slate-700">
          {T.plateAcceptedBy(test.nameplateAccepted.by, formatDateTime(test.nameplateAccepted.at))}
        </p>
      ) : canAccept ? (
        <Button variant="outline" className="mt-2 w-full sm:w-auto" disabled={accept.isPending} onClick={acceptPlate}>
          {T.acceptPlate}
        </Button>
      ) : (
        <p className="text-slate-700">{T.plateWaiting}</p>
      )}
    </div>
  );
}

const OVERRIDE_FIELDS = ['verdict', 'reason'] as const;

function OverrideForm({ test, onDone }: { test: ReliefTest; onDone: () => void }) {
  const override = useOverrideVerdict();
  const form = useContractForm({
    schemas: contractSchemas.reliefValves,
    fields: OVERRIDE_FIELDS,
    failedTitle: T.overrideFailed,
    checkTitle: RELIEF_TEXTS.checkFields,
  });
  // The override turns the verdict: offered first is the other one.
  const { values, bind } = useFormValues<{ verdict: 'pass' | 'fail'; reason: string }>(
    { verdict: test.asFoundResult === 'fail' ? 'pass' : 'fail', reason: '' },
    form.clear,
  );
  const busy = override.isPending || form.checking;
  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.overrideBody, { ...values, version: test.version });
      if (!body) return;
      override.mutate(
        { id: test.id, key: newActionKey(), body },
        {
          onSuccess: form.saved('override', () => T.overrideSaved, onDone),
          onError: (error) => form.refuse(error),
        },
      );
    });
  const binding = bind(form.errors);
  return (
    <form ref={form.ref} onSubmit={submit} noValidate aria-label={T.override} className="grid gap-3">
      <FormProblemAlert problem={form.alert} />
      <ChoiceField
        form={binding}
        name="verdict"
        label="As-found verdict"
        required
        options={[
          ['pass', 'Pass'],
          ['fail', 'Fail'],
        ]}
      />
      <TextField form={binding} name="reason" label="Engineer's reason" required />
      <FormActions className={IN_PAGE}>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {RELIEF_TEXTS.shop.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={RELIEF_TEXTS.shop.saving}>
          {T.override}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
