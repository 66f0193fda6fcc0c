import { CERTIFICATE_KIND_LABELS, type Certificate, QUALIFICATION_SCOPES } from '@common/schemas/relief-valves';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, IN_PAGE, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { usePeople } from '@/lib/people';
import { useCreateQualification } from '../api/shop';
import { RELIEF_TEXTS } from '../texts';

const T = RELIEF_TEXTS.shop;
const FIELDS = ['userId', 'certificateId', 'number', 'scope', 'expiresOn'] as const;
type Values = Record<(typeof FIELDS)[number], string> & { scope: (typeof QUALIFICATION_SCOPES)[number] };
const EMPTY: Values = { userId: '', certificateId: '', number: '', scope: 'test', expiresOn: '' };

/** 'Add a qualification': a tester's right to test, or to test and repair, under one certificate, until a date. */
export function QualificationForm({ certificates, onDone }: { certificates: Certificate[]; onDone: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [key] = useState(newActionKey);
  const testers = usePeople();
  const create = useCreateQualification();
  const form = useContractForm({
    schemas: contractSchemas.reliefValves,
    fields: FIELDS,
    failedTitle: T.qualificationFailed,
    checkTitle: RELIEF_TEXTS.checkFields,
  });
  const busy = create.isPending || form.checking;

  const change = (name: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    form.clear(name);
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const { userId, certificateId, ...text } = values;
      const ids = withoutBlanks({ userId, certificateId });
      const body = {
        ...withoutBlanks(text),
        ...(ids.userId && { userId: Number(ids.userId) }),
        ...(ids.certificateId && { certificateId: Number(ids.certificateId) }),
      };
      // A choice not made yet says so; the contract would call the empty choice "not a number".
      const unchosen = (['userId', 'certificateId'] as const)
        .filter((name) => !values[name])
        .map((path) => ({ path, message: 'is not chosen yet' }));
      const checked = await form.check((schemas) => schemas.qualificationBody, body, unchosen);
      if (!checked) return;
      create.mutate(
        { key, body: checked },
        {
          onSuccess: form.saved('qualification', (reply) => T.qualificationAdded(reply.userName), onDone),
          onError: (error) => form.refuse(error),
        },
      );
    });

  const choose = (name: 'userId' | 'certificateId', label: string, options: { id: number; label: string }[]) => (
    <Field label={label} error={form.errors[name]} required>
      {(control) => (
        <Select {...control} value={values[name]} onChange={change(name)}>
          <option value="">Choose…</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  return (
    <form ref={form.ref} onSubmit={submit} noValidate aria-label={T.addQualification} className="grid gap-4">
      <FormProblemAlert problem={form.alert} />
      {choose(
        'userId',
        'Tester',
        (testers.data ?? []).map((u) => ({ id: u.id, label: u.name })),
      )}
      {choose(
        'certificateId',
        'Under certificate',
        certificates.map((c) => ({ id: c.id, label: `${CERTIFICATE_KIND_LABELS[c.kind]} ${c.number}` })),
      )}
      <Field label="Qualification number" error={form.errors.number} required>
        {(control) => <Input {...control} value={values.number} onChange={change('number')} />}
      </Field>
      <Field label="May" error={form.errors.scope} required>
        {(control) => (
          <Select {...control} value={values.scope} onChange={change('scope')}>
            {QUALIFICATION_SCOPES.map((s) => (
              <option key={s} value={s}>
                {s === 'test' ? 'Test only' : 'Test and repair'}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Expires on" error={form.errors.expiresOn} required>
        {(control) => <Input {...control} type="date" value={values.expiresOn} onChange={change('expiresOn')} />}
      </Field>
      <FormActions className={IN_PAGE}>
        <Button variant="outline" onClick={onDone}>
          {T.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={T.saving}>
          {T.addQualification}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
