import { USER_ROLES } from '@common/constants';
import type { Role } from '@common/permissions';
import { roleLabel } from '@common/texts';
import { Check, Copy, UserPlus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { EmailInput, fieldClasses, Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { cn } from '@/lib/cn';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { useCreateUser } from '../api/create-user';
import { USER_TEXTS } from '../texts';
import { PlantCheckboxes } from './plant-checkboxes';

const T = USER_TEXTS.addDialog;
const FIELDS = ['name', 'email', 'role', 'plants', 'password'];

type Access = 'password' | 'invite';
type Values = { name: string; email: string; role: Role; plants: string[]; access: Access; password: string };
const EMPTY: Values = { name: '', email: '', role: 'technician', plants: [], access: 'password', password: '' };

function AccessChoice({
  value,
  checked,
  title,
  hint,
  onChange,
}: {
  value: Access;
  checked: boolean;
  title: string;
  hint: string;
  onChange: (value: Access) => void;
}) {
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5',
        checked ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
      )}
    >
      <input
        type="radio"
        name="access"
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="mt-0.5 size-6 shrink-0 accent-brand-700"
      />
      <span>
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </label>
  );
}

/** The invitation link, with a Copy button (and a selectable field where the clipboard is out of reach). */
function InviteLink({ name, url, onDone }: { name: string; url: string; onDone: () => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: T.copied });
    } catch {
      // No clipboard API (plain HTTP) or no permission: select the text so a long-press copies it.
      field.current?.select();
      toast({ tone: 'danger', title: T.copyFailed });
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-base text-slate-900" role="status">
        {T.inviteReady(name)}
      </p>
      <label className="grid gap-1.5">
        <span className="text-base font-semibold text-slate-900">{T.inviteLink}</span>
        {/* All of it visible, wrapped: an admin may read it out or type it on another device. */}
        <textarea
          ref={field}
          readOnly
          rows={3}
          value={url}
          onFocus={(event) => event.target.select()}
          className={cn(fieldClasses, 'resize-none py-2 font-mono text-sm break-all')}
        />
      </label>
      <FormActions>
        <Button variant="outline" onClick={onDone}>
          {T.done}
        </Button>
        <Button onClick={copy}>
          {copied ? <Check className="size-5" aria-hidden="true" /> : <Copy className="size-5" aria-hidden="true" />}
          {copied ? T.copied : T.copy}
        </Button>
      </FormActions>
    </div>
  );
}

/** 'Add user': name, email, role, plants, and either a password now or an invitation link to pass on. */
export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [key, setKey] = useState(newActionKey);
  const create = useCreateUser();
  const form = useContractForm({ schemas: contractSchemas.auth, fields: FIELDS, failedTitle: T.failed });
  const busy = create.isPending || form.checking;
  const invite = create.data?.inviteUrl ? { name: create.data.user.name, url: create.data.inviteUrl } : null;

  const change = (next: Partial<Values>) => {
    setValues((v) => ({ ...v, ...next }));
    for (const name of Object.keys(next)) form.clear(name);
  };

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(EMPTY);
      form.reset();
      setKey(newActionKey());
      create.reset();
    }
  };

  const submit = (event: FormEvent) => {
    const { access, password, ...rest } = values;
    // A password chosen now is checked even when empty (the contract's rule for a new one); an invitation has none.
    const body = { ...withoutBlanks(rest), ...(access === 'password' && { password }) };
    return form.submit(event, busy, async () => {
      const checked = await form.check((schemas) => schemas.createUserBody, body);
      if (!checked) return;
      create.mutate(
        { key, body: checked },
        {
          onSuccess: (reply) => {
            if (!reply.inviteUrl) {
              toast({ title: USER_TEXTS.toasts.created(reply.user.name) });
              openChange(false);
            }
          },
          // A refused attempt may be corrected and sent again: that is a new action with its own key.
          onError: (error) => {
            setKey(newActionKey());
            form.refuse(error);
          },
        },
      );
    });
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus className="size-5" aria-hidden="true" />
          {USER_TEXTS.add}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.title}>
        {invite ? (
          <InviteLink name={invite.name} url={invite.url} onDone={() => openChange(false)} />
        ) : (
          <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
            <FormProblemAlert problem={form.alert} />
            <Field label={T.name} required error={form.errors.name}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  value={values.name}
                  onChange={(event) => change({ name: event.target.value })}
                />
              )}
            </Field>
            <Field label={T.email} required error={form.errors.email}>
              {(control) => (
                <EmailInput
                  {...control}
                  autoComplete="off"
                  value={values.email}
                  onChange={(event) => change({ email: event.target.value })}
                />
              )}
            </Field>
            <Field label={T.role} required error={form.errors.role}>
              {(control) => (
                <Select
                  {...control}
                  value={values.role}
                  onChange={(event) => change({ role: event.target.value as Role })}
                >
                  {USER_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {roleLabel(role)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <PlantCheckboxes
              legend={T.plants}
              value={values.plants}
              onChange={(plants) => change({ plants })}
              error={form.errors.plants}
            />
            <fieldset className="grid gap-2">
              <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.access}</legend>
              <AccessChoice
                value="password"
                checked={values.access === 'password'}
                title={T.setPassword}
                hint={T.setPasswordHint}
                onChange={(access) => change({ access })}
              />
              <AccessChoice
                value="invite"
                checked={values.access === 'invite'}
                title={T.sendInvite}
                hint={T.sendInviteHint}
                onChange={(access) => change({ access, password: '' })}
              />
            </fieldset>
            {values.access === 'password' ? (
              <Field label={T.password} required error={form.errors.password} hint={T.passwordHint}>
                {(control) => (
                  <Input
                    {...control}
                    type="text"
                    autoComplete="off"
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                    value={values.password}
                    onChange={(event) => change({ password: event.target.value })}
                  />
                )}
              </Field>
            ) : null}
            <FormActions>
              <Button variant="outline" onClick={() => openChange(false)}>
                {USER_TEXTS.cancel}
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
