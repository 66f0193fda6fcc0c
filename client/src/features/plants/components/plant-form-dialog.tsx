import { type Plant, PRESSURE_UNITS, SIZE_UNITS, TEMPERATURE_UNITS } from '@common/schemas/plants';
import { type FormEvent, useId, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import type { ApiFailure } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { deviceZone } from '@/lib/time-zones';
import { toast } from '@/lib/toast';
import { useCreatePlant, useUpdatePlant } from '../api/plant-writes';
import {
  changedPlantFields,
  PLANT_FIELDS,
  type PlantFormValues,
  plantCreateInput,
  plantValues,
} from '../plant-form-values';
import { PLANT_TEXTS } from '../texts';
import { RetireChoice } from './retire-choice';

const T = PLANT_TEXTS.form;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plant to edit; without it the form adds one. */
  plant?: Plant;
};

/** Add plant and Edit plant: one form in a dialog; editing also retires the plant or brings it back. */
export function PlantFormDialog({ open, onOpenChange, plant }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={plant ? PLANT_TEXTS.editOf(plant.name) : T.addTitle}>
        {/* Mounted only while open: each opening starts from the plant as it is now. */}
        {open ? <PlantForm plant={plant} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PlantForm({ plant, onDone }: { plant?: Plant; onDone: () => void }) {
  const create = useCreatePlant();
  const update = useUpdatePlant();
  const [initial] = useState(() => plantValues(plant, deviceZone()));
  const [values, setValues] = useState<PlantFormValues>(initial);
  const [key, setKey] = useState(newActionKey);
  const form = useContractForm({
    schemas: contractSchemas.plants,
    fields: PLANT_FIELDS,
    failedTitle: plant ? T.saveFailed : T.addFailed,
    toastRefusals: true,
  });
  const busy = create.isPending || update.isPending || form.checking;
  const set =
    <K extends keyof PlantFormValues>(field: K, path: string = field) =>
    (value: PlantFormValues[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      form.clear(path);
    };

  // The one 409: another plant has the name. It belongs under the name.
  const nameTaken = (failure: ApiFailure) => {
    if (failure.status !== 409) return false;
    toast({ tone: 'danger', title: plant ? T.saveFailed : T.addFailed, description: failure.message });
    form.showFieldErrors({ name: failure.message });
    return true;
  };
  const refused = (error: unknown) => {
    // A refused attempt may be corrected and sent again: that is a new action with its own key.
    setKey(newActionKey());
    form.refuse(error, undefined, nameTaken);
  };

  const sendCreate = async () => {
    const body = await form.check((schemas) => schemas.plantCreateBody, plantCreateInput(values));
    if (!body) return;
    create.mutate(
      { key, body },
      { onSuccess: form.saved(body.name, (saved) => PLANT_TEXTS.toasts.added(saved.name), onDone), onError: refused },
    );
  };
  const sendUpdate = async (target: Plant) => {
    const body = await form.check((schemas) => schemas.plantUpdateBody, changedPlantFields(initial, values));
    if (!body) return;
    update.mutate(
      { id: target.id, key: newActionKey(), body },
      { onSuccess: form.saved(target.name, (saved) => PLANT_TEXTS.toasts.saved(saved.name), onDone), onError: refused },
    );
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, () => {
      if (!plant) return sendCreate();
      if (Object.keys(changedPlantFields(initial, values)).length > 0) return sendUpdate(plant);
      toast({ title: T.nothingChanged });
      onDone();
    });

  return (
    <form
      ref={form.ref}
      noValidate
      onSubmit={submit}
      className="grid gap-4"
      aria-label={plant ? PLANT_TEXTS.editOf(plant.name) : T.addTitle}
    >
      <FormProblemAlert problem={form.alert} />
      <Field label={T.name} hint={T.nameHint} required error={form.errors.name}>
        {(control) => (
          <Input {...control} autoComplete="off" value={values.name} onChange={(e) => set('name')(e.target.value)} />
        )}
      </Field>
      <Field label={T.timeZone} hint={T.timeZoneHint} required error={form.errors.timeZone}>
        {(control) => <TimeZoneSelect {...control} value={values.timeZone} onChange={set('timeZone')} />}
      </Field>
      <fieldset className="grid gap-1.5" aria-describedby="plant-units-hint">
        <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.units}</legend>
        <div className="grid grid-cols-3 gap-2">
          <UnitSelect
            label={T.pressure}
            units={PRESSURE_UNITS}
            value={values.pressure}
            onChange={set('pressure', 'units.pressure')}
          />
          <UnitSelect
            label={T.temperature}
            units={TEMPERATURE_UNITS}
            value={values.temperature}
            onChange={set('temperature', 'units.temperature')}
          />
          <UnitSelect label={T.size} units={SIZE_UNITS} value={values.size} onChange={set('size', 'units.size')} />
        </div>
        <p id="plant-units-hint" className="text-sm text-slate-600">
          {T.unitsHint}
        </p>
      </fieldset>
      <Field label={T.code} hint={T.codeHint} error={form.errors.code}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={10}
            value={values.code}
            onChange={(e) => set('code')(e.target.value)}
          />
        )}
      </Field>
      <Field label={T.siteName} error={form.errors.siteName}>
        {(control) => <Input {...control} value={values.siteName} onChange={(e) => set('siteName')(e.target.value)} />}
      </Field>
      <Field label={T.address} error={form.errors.address}>
        {(control) => (
          <Input
            {...control}
            autoComplete="street-address"
            value={values.address}
            onChange={(e) => set('address')(e.target.value)}
          />
        )}
      </Field>
      {plant ? <RetireChoice plant={plant} onDone={onDone} /> : null}
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {T.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={T.busy}>
          {plant ? T.submitEdit : T.submitAdd}
        </SubmitButton>
      </FormActions>
    </form>
  );
}

/** One of a plant's three units: a labelled native select, three side by side even at 360 px. */
function UnitSelect<U extends string>({
  label,
  units,
  value,
  onChange,
}: {
  label: string;
  units: readonly U[];
  value: U;
  onChange: (unit: U) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        {label}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as U)} className="min-w-0">
        {units.map((unit) => (
          <option key={unit} value={unit}>
            {unit}
          </option>
        ))}
      </Select>
    </div>
  );
}
