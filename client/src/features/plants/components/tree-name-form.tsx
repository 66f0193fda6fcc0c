import type { ReactNode } from 'react';
import { type FormEvent, useState } from 'react';
import { FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import type { ApiFailure } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { PLANT_TEXTS } from '../texts';

const T = PLANT_TEXTS.tree;

type TreeNameFormProps = {
  /** What the name is of: an area's name may hold no comma (it is a location's text before its first one). */
  kind: 'area' | 'system';
  /** The form's accessible name, also its submit button's text unless `submitLabel` says otherwise. */
  title: string;
  label: string;
  hint?: string;
  initial?: string;
  submitLabel?: string;
  icon?: ReactNode;
  /** Sends the name; a thrown error is the server's refusal. */
  save: (name: string, key: string) => Promise<unknown>;
  onCancel?: () => void;
};

/**
 * One name of the tree, added or changed: checked with the contract's rule first, then sent. The server's 409 (a
 * name the area or plant already has, in any case) is said under the name in its own words.
 */
export function TreeNameForm({
  kind,
  title,
  label,
  hint,
  initial = '',
  submitLabel,
  icon,
  save,
  onCancel,
}: TreeNameFormProps) {
  const [name, setName] = useState(initial);
  const [key, setKey] = useState(newActionKey);
  const [sending, setSending] = useState(false);
  const form = useContractForm({ schemas: contractSchemas.plantTree, fields: ['name'], failedTitle: T.failed });
  const busy = sending || form.checking;

  const taken = (failure: ApiFailure) => {
    if (failure.status !== 409) return false;
    form.showFieldErrors({ name: failure.message });
    return true;
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((s) => (kind === 'area' ? s.areaBody : s.systemCreateBody), { name });
      if (!body) return;
      setSending(true);
      try {
        await save(body.name, key);
        setName(initial);
      } catch (error) {
        form.refuse(error, T.failed, taken);
      } finally {
        setSending(false);
        setKey(newActionKey());
      }
    });

  return (
    <form ref={form.ref} noValidate onSubmit={submit} aria-label={title} className="grid gap-3">
      <FormProblemAlert problem={form.alert} />
      <Field label={label} hint={hint} required error={form.errors.name}>
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
      <div className="flex flex-wrap gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </Button>
        ) : null}
        <SubmitButton busy={busy} busyLabel={T.busy}>
          {icon}
          {submitLabel ?? title}
        </SubmitButton>
      </div>
    </form>
  );
}

/** A node's rename: its spelling as it is changes nothing; another case of it is a real rename. */
export function RenameNodeForm({
  kind,
  name,
  rename,
  onDone,
}: {
  kind: TreeNameFormProps['kind'];
  name: string;
  rename: (name: string, key: string) => Promise<{ name: string }>;
  onDone: () => void;
}) {
  return (
    <TreeNameForm
      kind={kind}
      title={T.renameOf(name)}
      submitLabel={T.rename}
      label={T.name}
      initial={name}
      save={async (next, key) => {
        if (next === name) return onDone();
        const saved = await rename(next, key);
        toast({ title: T.renamed(saved.name) });
        onDone();
      }}
    />
  );
}
