import { USER_ROLES } from '@common/constants';
import type { Role } from '@common/permissions';
import type { ManagedUser } from '@common/schemas/auth';
import { roleLabel } from '@common/texts';
import { MapPin, UserCheck, UserX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormActions, SubmitButton } from '@/components/form-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { type UpdateUserInput, useUpdateUser } from '../api/update-user';
import { USER_TEXTS } from '../texts';
import { PlantCheckboxes } from './plant-checkboxes';

type Change = Omit<UpdateUserInput, 'version'>;

/** One change to one user, sent with the version on screen; the outcome is told in a toast either way. */
function useUserChange(user: ManagedUser) {
  const update = useUpdateUser();
  const send = (body: Change, done: (saved: ManagedUser) => string, after?: () => void) =>
    update.mutate(
      { id: user.id, key: newActionKey(), body: { version: user.version, ...body } },
      {
        onSuccess: (saved) => {
          toast({ title: done(saved) });
          after?.();
        },
        onError: (error) =>
          toast({ tone: 'danger', title: USER_TEXTS.toasts.failed, description: readApiError(error).message }),
      },
    );
  return { send, busy: update.isPending, pending: update.isPending ? update.variables?.body : undefined };
}

function PlantsDialog({ user, change }: { user: ManagedUser; change: ReturnType<typeof useUserChange> }) {
  const [open, setOpen] = useState(false);
  const [plants, setPlants] = useState<string[]>([]);

  const openChange = (next: boolean) => {
    if (next) setPlants(user.plants);
    setOpen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.send(
      { plants },
      (saved) => USER_TEXTS.toasts.plantsChanged(saved.name),
      () => setOpen(false),
    );
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={change.busy} className="px-3">
          <MapPin className="size-5 shrink-0" aria-hidden="true" />
          {USER_TEXTS.plantsButton}
        </Button>
      </DialogTrigger>
      <DialogContent title={USER_TEXTS.plantsOf(user.name)}>
        <form onSubmit={submit} className="grid gap-4" aria-label={USER_TEXTS.plantsOf(user.name)}>
          <PlantCheckboxes legend={USER_TEXTS.addDialog.plants} value={plants} onChange={setPlants} />
          <FormActions>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {USER_TEXTS.cancel}
            </Button>
            <SubmitButton busy={change.busy} busyLabel={USER_TEXTS.savingPlants}>
              {USER_TEXTS.savePlants}
            </SubmitButton>
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ActiveToggle({
  user,
  isSelf,
  change,
}: {
  user: ManagedUser;
  isSelf: boolean;
  change: ReturnType<typeof useUserChange>;
}) {
  const [open, setOpen] = useState(false);
  const deactivating = user.active;
  const label = deactivating ? USER_TEXTS.deactivate : USER_TEXTS.reactivate;
  const Icon = deactivating ? UserX : UserCheck;

  const confirm = () =>
    change.send(
      { active: !user.active },
      (saved) => (saved.active ? USER_TEXTS.toasts.reactivated(saved.name) : USER_TEXTS.toasts.deactivated(saved.name)),
      () => setOpen(false),
    );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          disabled={change.busy || isSelf}
          className={cn('px-3', deactivating && 'text-red-700')}
        >
          <Icon className="size-5 shrink-0" aria-hidden="true" />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={
          deactivating ? USER_TEXTS.confirmDeactivateTitle(user.name) : USER_TEXTS.confirmReactivateTitle(user.name)
        }
      >
        <p className="text-base text-slate-800">
          {deactivating ? USER_TEXTS.confirmDeactivateBody : USER_TEXTS.confirmReactivateBody}
        </p>
        <FormActions className="mt-4">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {USER_TEXTS.cancel}
          </Button>
          <Button variant={deactivating ? 'danger' : 'primary'} onClick={confirm} disabled={change.busy}>
            <Icon className="size-5" aria-hidden="true" />
            {label}
          </Button>
        </FormActions>
      </DialogContent>
    </Dialog>
  );
}

/** A user with their role, plants and state, and the admin's three changes: role, plants, (de)activation. */
export function UserCard({ user, isSelf }: { user: ManagedUser; isSelf: boolean }) {
  const change = useUserChange(user);
  const role = change.pending?.role ?? user.role;

  return (
    <Card className={cn('h-full p-4', !user.active && 'bg-slate-50')}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
            <span className="break-words">{user.name}</span>
            {isSelf ? <Badge tone="primary">{USER_TEXTS.you}</Badge> : null}
          </p>
          <p className="text-sm break-all text-slate-600">{user.email}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {user.active ? (
            <Badge tone="success">{USER_TEXTS.active}</Badge>
          ) : (
            <Badge tone="muted">{USER_TEXTS.deactivated}</Badge>
          )}
          {user.invited ? <Badge tone="info">{USER_TEXTS.invited}</Badge> : null}
        </div>
      </div>
      <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-700">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{user.plants.length ? user.plants.join(', ') : USER_TEXTS.allPlants}</span>
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,14rem)_auto_auto] sm:justify-start">
        <Select
          aria-label={USER_TEXTS.roleOf(user.name)}
          value={role}
          disabled={change.busy || isSelf}
          onChange={(event) => {
            const next = event.target.value as Role;
            change.send({ role: next }, (saved) => USER_TEXTS.toasts.roleChanged(saved.name, roleLabel(saved.role)));
          }}
          className="col-span-2 sm:col-span-1"
        >
          {USER_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </Select>
        <PlantsDialog user={user} change={change} />
        <ActiveToggle user={user} isSelf={isSelf} change={change} />
      </div>
      {isSelf ? <p className="mt-2 text-sm text-slate-600">{USER_TEXTS.selfNote}</p> : null}
    </Card>
  );
}
