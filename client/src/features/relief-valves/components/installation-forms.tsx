import type { ReliefTagDetail } from '@common/schemas/relief-valves';
import type { FormEvent } from 'react';
import { FormActions, FormProblemAlert, IN_PAGE, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { useInstallDevice, useReliefDevices, useRemoveDevice } from '../api/positions';
import { plantToday } from '../record-form';
import { RELIEF_TEXTS } from '../texts';
import { ChoiceField, TextField, useFormValues } from './form-fields';

const T = RELIEF_TEXTS.positions;
const INSTALL_FIELDS = ['deviceId', 'installedOn', 'reason', 'setPressureReason'] as const;
const REMOVE_FIELDS = ['removedOn', 'reason'] as const;
type InstallValues = Record<(typeof INSTALL_FIELDS)[number], string>;
type RemoveValues = Record<(typeof REMOVE_FIELDS)[number], string>;

/** `zone` is the tag's plant's: a date starts at the plant's today, the latest the server takes. */
type FormProps = { tag: ReliefTagDetail; zone: string; onDone: () => void };

/**
 * Install a spare on the tag, or swap it for the valve there (which then needs a reason: why it comes off). A spare
 * set to another pressure asks an engineer's reason (the server refuses anyone else); one that failed as left is
 * offered but marked, and the server refuses it.
 */
export function InstallForm({ tag, zone, onDone }: FormProps) {
  const install = useInstallDevice();
  const spares = useReliefDevices({ spare: 'true' });
  const form = useContractForm({
    schemas: contractSchemas.reliefValves,
    fields: INSTALL_FIELDS,
    failedTitle: T.installFailed,
    checkTitle: RELIEF_TEXTS.checkFields,
  });
  const { values, bind } = useFormValues<InstallValues>(
    { deviceId: '', installedOn: plantToday(zone), reason: '', setPressureReason: '' },
    form.clear,
  );
  const binding = bind(form.errors);
  const busy = install.isPending || form.checking;
  const chosen = spares.data?.find((d) => String(d.id) === values.deviceId);
  const otherSet = chosen !== undefined && chosen.setPressure !== tag.setPressure;
  const swap = tag.installed !== null;

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      // What the contract cannot know: a swap and another set each need their reason (the server says so too).
      const own = [
        ...(values.deviceId === '' ? [{ path: 'deviceId', message: T.chooseSpare }] : []),
        ...(swap && !values.reason.trim() ? [{ path: 'reason', message: 'is required' }] : []),
        ...(otherSet && !values.setPressureReason.trim()
          ? [{ path: 'setPressureReason', message: 'is required' }]
          : []),
      ];
      const body = await form.check(
        (schemas) => schemas.installBody,
        { ...withoutBlanks(values), ...(values.deviceId && { deviceId: Number(values.deviceId) }) },
        own,
      );
      if (!body) return;
      install.mutate(
        { id: tag.id, key: newActionKey(), body },
        {
          onSuccess: form.saved('installation', () => T.installed(chosen?.serialNumber ?? '', tag.tag), onDone),
          onError: (error) => form.refuse(error),
        },
      );
    });

  return (
    <form ref={form.ref} onSubmit={submit} noValidate aria-label={swap ? T.swap : T.install} className="grid gap-4">
      <FormProblemAlert problem={form.alert} />
      <ChoiceField
        form={binding}
        name="deviceId"
        label="Spare relief valve"
        required
        blank={spares.data?.length === 0 ? T.noSpares : T.chooseSpare}
        options={(spares.data ?? []).map(
          (d) =>
            [
              String(d.id),
              `S/N ${d.serialNumber} · ${d.manufacturer} ${d.model} · set ${d.setPressure} psi${d.notReturnedToService ? ` · ${T.notReturned}` : ''}`,
            ] as const,
        )}
      />
      <TextField form={binding} name="installedOn" label="Installed on" kind="date" required />
      {swap ? (
        <TextField form={binding} name="reason" label={`Why S/N ${tag.installed?.serialNumber} comes off`} required />
      ) : null}
      {otherSet ? (
        <TextField
          form={binding}
          name="setPressureReason"
          label="Engineer's reason for another set pressure"
          hint={T.otherSetHint(chosen.setPressure, tag.setPressure)}
          required
        />
      ) : null}
      <FormActions className={IN_PAGE}>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {RELIEF_TEXTS.shop.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={RELIEF_TEXTS.shop.saving}>
          {swap ? T.swap : T.install}
        </SubmitButton>
      </FormActions>
    </form>
  );
}

/** Take the valve off the tag (to the shop, or the line shut down), saying why; the tag stands empty until one goes in. */
export function RemoveForm({ tag, zone, onDone }: FormProps) {
  const remove = useRemoveDevice();
  const form = useContractForm({
    schemas: contractSchemas.reliefValves,
    fields: REMOVE_FIELDS,
    failedTitle: T.removeFailed,
    checkTitle: RELIEF_TEXTS.checkFields,
  });
  const { values, bind } = useFormValues<RemoveValues>({ removedOn: plantToday(zone), reason: '' }, form.clear);
  const busy = remove.isPending || form.checking;

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.removeBody, withoutBlanks(values));
      if (!body) return;
      remove.mutate(
        { id: tag.id, key: newActionKey(), body },
        {
          onSuccess: form.saved('removal', () => T.removed(tag.installed?.serialNumber ?? '', tag.tag), onDone),
          onError: (error) => form.refuse(error),
        },
      );
    });

  const binding = bind(form.errors);
  return (
    <form ref={form.ref} onSubmit={submit} noValidate aria-label={T.remove} className="grid gap-4">
      <FormProblemAlert problem={form.alert} />
      <TextField form={binding} name="removedOn" label="Removed on" kind="date" required />
      <TextField form={binding} name="reason" label="Reason" required />
      <FormActions className={IN_PAGE}>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {RELIEF_TEXTS.shop.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={RELIEF_TEXTS.shop.saving} variant="danger">
          {T.remove}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
