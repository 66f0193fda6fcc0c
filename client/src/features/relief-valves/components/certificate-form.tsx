import { CERTIFICATE_KIND_LABELS } from '@common/schemas/relief-valves';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, IN_PAGE, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { useCreateCertificate } from '../api/shop';
import { RELIEF_TEXTS } from '../texts';
import { ChoiceField, TextField, useFormValues } from './form-fields';

const T = RELIEF_TEXTS.shop;
const FIELDS = ['kind', 'number', 'holder', 'expiresOn'] as const;

/** 'Add a certificate': the shop's authority (NB VR to repair, T/O to test only, or an owner's programme) until a date. */
export function CertificateForm({ onDone }: { onDone: () => void }) {
  const [key] = useState(newActionKey);
  const create = useCreateCertificate();
  const form = useContractForm({
    schemas: contractSchemas.reliefValves,
    fields: FIELDS,
    failedTitle: T.certificateFailed,
    checkTitle: RELIEF_TEXTS.checkFields,
  });
  const { values, bind } = useFormValues({ kind: 'vr', number: '', holder: '', expiresOn: '' }, form.clear);
  const busy = create.isPending || form.checking;

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.certificateBody, withoutBlanks(values));
      if (!body) return;
      create.mutate(
        { key, body },
        {
          onSuccess: form.saved('certificate', (reply) => T.certificateAdded(reply.number), onDone),
          onError: (error) => form.refuse(error),
        },
      );
    });

  const binding = bind(form.errors);
  return (
    <form ref={form.ref} onSubmit={submit} noValidate aria-label={T.addCertificate} className="grid gap-4">
      <FormProblemAlert problem={form.alert} />
      <ChoiceField form={binding} name="kind" label="Kind" required options={Object.entries(CERTIFICATE_KIND_LABELS)} />
      <TextField form={binding} name="number" label="Certificate number" required />
      <TextField form={binding} name="holder" label="Holder" required />
      <TextField form={binding} name="expiresOn" label="Expires on" kind="date" required />
      <FormActions className={IN_PAGE}>
        <Button variant="outline" onClick={onDone}>
          {T.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={T.saving}>
          {T.addCertificate}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
