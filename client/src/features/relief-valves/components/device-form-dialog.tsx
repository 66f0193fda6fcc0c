import { RELIEF_CODE_LABELS, SEAT_TYPES } from '@common/relief-valves/rules';
import {
  DEVICE_DESIGNS,
  PRESSURE_UNITS,
  type ReliefDevice,
  type ReliefDeviceDetail,
  SERVICE_FLUIDS,
} from '@common/schemas/relief-valves';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { useCreateDevice, useUpdateDevice } from '../api/positions';
import { RELIEF_TEXTS } from '../texts';
import { asOptions, ChoiceField, changedNames, numberOf, TextField, useFormValues } from './form-fields';

const T = RELIEF_TEXTS.positions;
const FIELDS = [
  'serialNumber',
  'manufacturer',
  'model',
  'orifice',
  'inletSize',
  'outletSize',
  'setPressure',
  'pressureUnit',
  'capacity',
  'codeStamp',
  'design',
  'seatType',
  'code',
  'serviceFluid',
  'coldDifferentialTestPressure',
  'superimposedBackPressure',
  'builtUpBackPressure',
] as const;
type Values = Record<(typeof FIELDS)[number], string>;
/** Blank clears these on an edit (null); on a new device blank leaves them out. */
const OPTIONAL = ['serviceFluid', 'coldDifferentialTestPressure', 'superimposedBackPressure', 'builtUpBackPressure'];
const PRESSURES = ['setPressure', 'coldDifferentialTestPressure', 'superimposedBackPressure', 'builtUpBackPressure'];

const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));
/** A device as the form shows it: its pressures in psi, as the server keeps them. */
const valuesOf = (d?: ReliefDevice): Values => ({
  serialNumber: text(d?.serialNumber),
  manufacturer: text(d?.manufacturer),
  model: text(d?.model),
  orifice: text(d?.orifice),
  inletSize: text(d?.inletSize),
  outletSize: text(d?.outletSize),
  setPressure: text(d?.setPressure),
  pressureUnit: 'psi',
  capacity: text(d?.capacity),
  codeStamp: text(d?.codeStamp),
  design: d?.design ?? 'conventional',
  seatType: d?.seatType ?? 'metal',
  code: d?.code ?? 'asme-viii',
  serviceFluid: text(d?.serviceFluid),
  coldDifferentialTestPressure: text(d?.coldDifferentialTestPressure),
  superimposedBackPressure: text(d?.superimposedBackPressure),
  builtUpBackPressure: text(d?.builtUpBackPressure),
});

function bodyOf(values: Partial<Values>, editing: boolean) {
  const body: Record<string, unknown> = withoutBlanks(values);
  for (const name of PRESSURES) if (name in body) body[name] = numberOf(body[name] as string);
  if (editing) for (const name of OPTIONAL) if (values[name as keyof Values] === '') body[name] = null;
  return body;
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; device?: ReliefDevice };

/** Add a relief valve (serial-numbered), or edit its nameplate data; its set changes only by an accepted nameplate. */
export function DeviceFormDialog({ open, onOpenChange, device }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={device ? T.editDevice(device.serialNumber) : T.addDevice} className="max-w-2xl">
        {open ? <DeviceForm device={device} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DeviceForm({ device, onDone }: { device?: ReliefDevice; onDone: () => void }) {
  const create = useCreateDevice();
  const update = useUpdateDevice();
  const [initial] = useState(() => valuesOf(device));
  const form = useContractForm({
    schemas: contractSchemas.reliefValves,
    fields: FIELDS,
    failedTitle: T.deviceFailed,
    checkTitle: RELIEF_TEXTS.checkFields,
  });
  const busy = create.isPending || update.isPending || form.checking;
  const { values, bind } = useFormValues(initial, form.clear);
  const binding = bind(form.errors);
  // The unit goes with the pressures changed (it says what they are in); alone it changes nothing.
  const changed = () => {
    const names = changedNames(initial, values).filter((name) => name !== 'setPressure' && name !== 'pressureUnit');
    return names.some((name) => PRESSURES.includes(name)) ? [...names, 'pressureUnit'] : names;
  };

  const sendCreate = async () => {
    const body = await form.check((schemas) => schemas.reliefDeviceBody, bodyOf(values, false));
    if (!body) return;
    create.mutate(
      { key: newActionKey(), body },
      {
        onSuccess: form.saved('relief valve', (saved: ReliefDeviceDetail) => T.deviceAdded(saved.serialNumber), onDone),
        onError: (error) => form.refuse(error),
      },
    );
  };

  const sendUpdate = async (target: { id: number; version: number }) => {
    const edited = Object.fromEntries(changed().map((name) => [name, values[name as keyof Values]]));
    const body = await form.check((schemas) => schemas.reliefDeviceUpdateBody, {
      ...bodyOf(edited, true),
      version: target.version,
    });
    if (!body) return;
    update.mutate(
      { id: target.id, key: newActionKey(), body },
      {
        onSuccess: form.saved(
          values.serialNumber,
          (saved: ReliefDeviceDetail) => T.deviceSaved(saved.serialNumber),
          onDone,
        ),
        onError: (error) => form.refuse(error),
      },
    );
  };

  const submit = (event: FormEvent) =>
    form.submitRecord(event, {
      busy,
      editing: device,
      changed: () => changed().length > 0,
      create: () => void sendCreate(),
      update: (target) => void sendUpdate(target),
      nothingChanged: T.nothingChanged,
      onDone,
    });

  const field = (name: keyof Values, label: string, required = true) => (
    <TextField form={binding} name={name} label={label} required={required} />
  );
  const pressure = (name: keyof Values, label: string, required = false) => (
    <TextField form={binding} name={name} label={label} kind="decimal" required={required} />
  );
  return (
    <form
      ref={form.ref}
      onSubmit={submit}
      noValidate
      aria-label={device ? T.editDevice(device.serialNumber) : T.addDevice}
      className="grid gap-4"
    >
      <FormProblemAlert problem={form.alert} />
      {field('serialNumber', 'Serial number')}
      <div className="grid gap-3 sm:grid-cols-2">
        {field('manufacturer', 'Manufacturer')}
        {field('model', 'Model')}
      </div>
      <div className="grid grid-cols-3 gap-3">
        {field('orifice', 'Orifice')}
        {field('inletSize', 'Inlet')}
        {field('outletSize', 'Outlet')}
      </div>
      <div className="grid grid-cols-[2fr_1fr] gap-3">
        {device ? (
          <p className="self-end text-slate-700">
            Set {device.setPressure} psi ({T.setByNameplate})
          </p>
        ) : (
          pressure('setPressure', 'Set pressure', true)
        )}
        <ChoiceField form={binding} name="pressureUnit" label="Unit" required options={asOptions(PRESSURE_UNITS)} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('capacity', 'Capacity')}
        {field('codeStamp', 'Code stamp')}
      </div>
      <ChoiceField form={binding} name="code" label="Code" required options={Object.entries(RELIEF_CODE_LABELS)} />
      <div className="grid grid-cols-2 gap-3">
        <ChoiceField form={binding} name="design" label="Design" required options={asOptions(DEVICE_DESIGNS)} />
        <ChoiceField form={binding} name="seatType" label="Seat" required options={asOptions(SEAT_TYPES)} />
      </div>
      <ChoiceField
        form={binding}
        name="serviceFluid"
        label="Service fluid"
        blank="Not recorded"
        options={asOptions(SERVICE_FLUIDS)}
      />
      {pressure('coldDifferentialTestPressure', 'CDTP on the nameplate')}
      <div className="grid gap-3 sm:grid-cols-2">
        {pressure('superimposedBackPressure', 'Superimposed back pressure')}
        {pressure('builtUpBackPressure', 'Built-up back pressure')}
      </div>
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {RELIEF_TEXTS.shop.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={RELIEF_TEXTS.shop.saving}>
          {device ? T.saveDevice : T.addDevice}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
