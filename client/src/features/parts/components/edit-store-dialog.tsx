import type { Store } from '@common/schemas/parts';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { useUpdateStore } from '../api/store-writes';
import { changedStoreFields, type StoreFormValues, storeValues } from '../store-form';
import { PARTS_TEXTS } from '../texts';
import { ReorderContactField } from './reorder-contact-field';
import { StoreNameField } from './store-name-field';

const T = PARTS_TEXTS.storeScreen;
const FIELDS = ['name', 'reorderContactUserId'];

type Props = { store: Store; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Edit' on a store: its name, and who orders for it. */
export function EditStoreDialog({ store, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T.editTitle(store.name)}>
        {/* Mounted only while open: each opening starts from the store as it is now. */}
        {open ? <EditStoreForm store={store} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditStoreForm({ store, onDone }: { store: Store; onDone: () => void }) {
  const [initial] = useState(() => storeValues(store));
  const [values, setValues] = useState(initial);
  const update = useUpdateStore();
  const form = useContractForm({ schemas: contractSchemas.parts, fields: FIELDS, failedTitle: T.editFailed });
  const busy = update.isPending || form.checking;
  const change = (field: keyof StoreFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const changes = changedStoreFields(initial, values);
      if (Object.keys(changes).length === 0) {
        toast({ title: T.nothingChanged });
        onDone();
        return;
      }
      const body = await form.check((schemas) => schemas.updateStoreBody, changes);
      if (!body) return;
      update.mutate(
        { id: store.id, body },
        {
          onError: (error) => form.refuse(error),
          onSuccess: form.saved(store.name, (saved) => T.saved(saved.name), onDone),
        },
      );
    });

  return (
    <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.editTitle(store.name)}>
      <FormProblemAlert problem={form.alert} />
      <StoreNameField value={values.name} onChange={(value) => change('name', value)} error={form.errors.name} />
      <ReorderContactField
        value={values.reorderContactUserId}
        onChange={(value) => change('reorderContactUserId', value)}
        error={form.errors.reorderContactUserId}
        current={store.reorderContact}
      />
      <FormActions>
        <Button variant="outline" onClick={onDone}>
          {PARTS_TEXTS.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={T.saving}>
          {T.save}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
