import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import type { ApiFailure } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { useCreateValveType } from '../api/plant-writes';
import { PLANT_TEXTS } from '../texts';

const T = PLANT_TEXTS.types;

/** Add a type to the catalog: its name; a name the catalog has (in any case) is refused with the one it has. */
export function AddValveTypeForm() {
  const create = useCreateValveType();
  const [name, setName] = useState('');
  const [key, setKey] = useState(newActionKey);
  const form = useContractForm({ schemas: contractSchemas.plants, fields: ['name'], failedTitle: T.failed });
  const busy = create.isPending || form.checking;

  // The server's 409 names the type the catalog already has ("Ball Valve exists"): said under the name.
  const taken = (failure: ApiFailure) => {
    if (failure.status !== 409) return false;
    form.showFieldErrors({ name: failure.message });
    return true;
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.valveTypeCreateBody, { name });
      if (!body) return;
      create.mutate(
        { key, body },
        {
          onSuccess: (added) => {
            toast({ title: T.added(added.name) });
            setName('');
            setKey(newActionKey());
          },
          onError: (error) => {
            setKey(newActionKey());
            form.refuse(error, T.failed, taken);
          },
        },
      );
    });

  return (
    <form ref={form.ref} noValidate onSubmit={submit} aria-label={T.add} className="grid gap-3">
      <FormProblemAlert problem={form.alert} />
      <Field label={T.name} hint={T.nameHint} required error={form.errors.name}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              form.clear('name');
            }}
          />
        )}
      </Field>
      <SubmitButton busy={busy} busyLabel={T.busy} className="sm:justify-self-start">
        <Plus className="size-5" aria-hidden="true" />
        {T.add}
      </SubmitButton>
    </form>
  );
}
