import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { usePlants } from '@/lib/plants';
import { toast } from '@/lib/toast';
import { useCreateStore } from '../api/part-writes';
import { contactIdOf } from '../store-form';
import { PARTS_TEXTS } from '../texts';
import { ReorderContactField } from './reorder-contact-field';
import { StoreNameField } from './store-name-field';

const T = PARTS_TEXTS.storeScreen;
const FIELDS = ['name', 'plantId', 'reorderContactUserId'];
const EMPTY = { name: '', plantId: '', reorderContactUserId: '' };

/** 'New store': a name, the plant it is at, and who orders for it. */
export function CreateStoreDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const plants = usePlants();
  const create = useCreateStore();
  const form = useContractForm({ schemas: contractSchemas.parts, fields: FIELDS, failedTitle: T.failed });
  const busy = create.isPending || form.checking;

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(EMPTY);
      form.reset();
    }
  };
  const change = (field: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = {
        name: values.name,
        plantId: values.plantId ? Number(values.plantId) : undefined,
        reorderContactUserId: contactIdOf(values.reorderContactUserId),
      };
      const checked = await form.check((schemas) => schemas.createStoreBody, body);
      if (!checked) return;
      create.mutate(checked, {
        onError: (error) => form.refuse(error),
        onSuccess: (store) => {
          toast({ title: T.added(store.name) });
          openChange(false);
        },
      });
    });

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus className="size-5" aria-hidden="true" />
          {T.add}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.dialogTitle}>
        <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.dialogTitle}>
          <FormProblemAlert problem={form.alert} />
          <StoreNameField value={values.name} onChange={(value) => change('name', value)} error={form.errors.name} />
          <Field label={T.plant} required error={form.errors.plantId}>
            {(control) => (
              <Select {...control} value={values.plantId} onChange={(event) => change('plantId', event.target.value)}>
                <option value="">{T.choosePlant}</option>
                {(plants.data ?? [])
                  .filter((plant) => !plant.retired)
                  .map((plant) => (
                    <option key={plant.id} value={plant.id}>
                      {plant.name}
                    </option>
                  ))}
              </Select>
            )}
          </Field>
          <ReorderContactField
            value={values.reorderContactUserId}
            onChange={(value) => change('reorderContactUserId', value)}
            error={form.errors.reorderContactUserId}
          />
          <FormActions>
            <Button variant="outline" onClick={() => openChange(false)}>
              {PARTS_TEXTS.cancel}
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
