import { USER_ROLES } from '@common/constants';
import type { Role } from '@common/permissions';
import { roleLabel } from '@common/texts';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ChoiceCard } from '@/components/choice-card';
import { CopyOnce } from '@/components/copy-once';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { EmailInput, Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
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
          <CopyOnce
            ready={T.inviteReady(invite.name)}
            label={T.inviteLink}
            value={invite.url}
            rows={3}
            texts={T}
            onDone={() => openChange(false)}
          />
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
              <ChoiceCard
                name="access"
                value="password"
                checked={values.access === 'password'}
                title={T.setPassword}
                hint={T.setPasswordHint}
                onChange={(access) => change({ access })}
              />
              <ChoiceCard
                name="access"
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
