import type { ApiTokenScope } from '@common/schemas/api-tokens';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ChoiceCard } from '@/components/choice-card';
import { CopyOnce } from '@/components/copy-once';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { localDay } from '@/lib/format';
import { useCreateApiToken } from '../api/create-api-token';
import { API_TOKEN_TEXTS } from '../texts';

const T = API_TOKEN_TEXTS.createDialog;
const FIELDS = ['name', 'scopes', 'expiresAt'];

type Access = 'read' | 'write';
type Values = { name: string; access: Access; expiresOn: string };
const EMPTY: Values = { name: '', access: 'read', expiresOn: '' };
const SCOPES: Record<Access, ApiTokenScope[]> = { read: ['read'], write: ['read', 'write'] };

/** 'New token': a name, read or read and write, an optional last day; then its secret, this once. */
export function CreateTokenDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const create = useCreateApiToken();
  const form = useContractForm({ schemas: contractSchemas.apiTokens, fields: FIELDS, failedTitle: T.failed });
  const busy = create.isPending || form.checking;

  const change = (next: Partial<Values>) => {
    setValues((v) => ({ ...v, ...next }));
    if ('name' in next) form.clear('name');
    if ('access' in next) form.clear('scopes');
    if ('expiresOn' in next) form.clear('expiresAt');
  };

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(EMPTY);
      form.reset();
      // The secret leaves memory with the dialog: it is never shown again.
      create.reset();
    }
  };

  const submit = (event: FormEvent) => {
    // The last day counts whole: the token works until that day ends on this device's clock.
    const expiresAt = values.expiresOn ? new Date(`${values.expiresOn}T23:59:59.999`).toISOString() : undefined;
    const body = { name: values.name, scopes: SCOPES[values.access], ...(expiresAt && { expiresAt }) };
    return form.submit(event, busy, async () => {
      const checked = await form.check((schemas) => schemas.createApiTokenBody, body);
      if (!checked) return;
      create.mutate(checked, { onError: (error) => form.refuse(error) });
    });
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button>
          <KeyRound className="size-5" aria-hidden="true" />
          {API_TOKEN_TEXTS.add}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.title}>
        {create.data ? (
          <CopyOnce
            ready={T.ready(create.data.name)}
            warning={T.warning}
            label={T.secret}
            value={create.data.token}
            texts={T}
            onDone={() => openChange(false)}
          >
            <p className="text-sm text-slate-600">
              {API_TOKEN_TEXTS.usage}{' '}
              <code className="font-mono break-words text-slate-800">{API_TOKEN_TEXTS.usageHeader}</code>
            </p>
          </CopyOnce>
        ) : (
          <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
            <FormProblemAlert problem={form.alert} />
            <Field label={T.name} required error={form.errors.name} hint={T.nameHint}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  value={values.name}
                  onChange={(event) => change({ name: event.target.value })}
                />
              )}
            </Field>
            <fieldset className="grid gap-2" aria-invalid={Boolean(form.errors.scopes)}>
              <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.scopes}</legend>
              <ChoiceCard
                name="access"
                value="read"
                checked={values.access === 'read'}
                title={T.read}
                hint={T.readHint}
                onChange={(access) => change({ access })}
              />
              <ChoiceCard
                name="access"
                value="write"
                checked={values.access === 'write'}
                title={T.write}
                hint={T.writeHint}
                onChange={(access) => change({ access })}
              />
              {form.errors.scopes ? <p className="text-sm text-red-700">{form.errors.scopes}</p> : null}
            </fieldset>
            <Field label={T.expiresOn} error={form.errors.expiresAt} hint={T.expiresHint}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={localDay()}
                  value={values.expiresOn}
                  onChange={(event) => change({ expiresOn: event.target.value })}
                />
              )}
            </Field>
            <FormActions>
              <Button variant="outline" onClick={() => openChange(false)}>
                {API_TOKEN_TEXTS.cancel}
              </Button>
              <SubmitButton busy={busy} busyLabel={T.busy}>
                {T.submit}
              </SubmitButton>
            </FormActions>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
