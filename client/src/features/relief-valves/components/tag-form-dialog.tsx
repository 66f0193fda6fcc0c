import { INTERVAL_RULES, MAX_INTERVAL_MONTHS } from '@common/relief-valves/intervals';
import { PRESSURE_UNITS, type ReliefTag } from '@common/schemas/relief-valves';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { activePlantNames, usePlants } from '@/lib/plants';
import { useCreateTag, useSafetyReliefValves, useUpdateTag } from '../api/positions';
import { RELIEF_TEXTS } from '../texts';
import {
  asOptions,
  ChoiceField,
  changedNames,
  type FormBinding,
  numberOf,
  TextField,
  useFormValues,
} from './form-fields';

const T = RELIEF_TEXTS.positions;
const FIELDS = [
  'tag',
  'plant',
  'valveId',
  'setPressure',
  'pressureUnit',
  'protectedEquipment',
  'service',
  'intervalRule',
  'intervalMonths',
  'maxIntervalMonths',
] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const NUMBERS = ['setPressure', 'intervalMonths', 'maxIntervalMonths'] as const;
/** What a tag keeps for good: its plant and set (another set is another position). */
const FIXED = ['plant', 'setPressure', 'pressureUnit'];

const valuesOf = (tag?: ReliefTag): Values => ({
  tag: tag?.tag ?? '',
  plant: tag?.plant ?? '',
  valveId: tag?.valve ? String(tag.valve.id) : '',
  setPressure: tag ? String(tag.setPressure) : '',
  pressureUnit: 'psi',
  protectedEquipment: tag?.protectedEquipment ?? '',
  service: tag?.service ?? '',
  intervalRule: tag?.intervalRule ?? 'fixed',
  intervalMonths: tag ? String(tag.intervalMonths) : '24',
  maxIntervalMonths: tag ? String(tag.maxIntervalMonths) : String(MAX_INTERVAL_MONTHS),
});

/** The body as the contract reads it: numbers as numbers, the valve record as its id (none as null). */
function bodyOf(values: Partial<Values>) {
  const { valveId, ...rest } = values;
  const body: Record<string, unknown> = withoutBlanks(rest);
  for (const name of NUMBERS) if (name in body) body[name] = numberOf(values[name] ?? '');
  if (valveId !== undefined) body.valveId = valveId === '' ? null : Number(valveId);
  return body;
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; tag?: ReliefTag };

/** Add a relief valve position, or edit one (its plant and set stay): one form, in a dialog that scrolls on a phone. */
export function TagFormDialog({ open, onOpenChange, tag }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={tag ? T.editTag(tag.tag) : T.addTag} className="max-w-2xl">
        {open ? <TagForm tag={tag} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TagForm({ tag, onDone }: { tag?: ReliefTag; onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateTag();
  const update = useUpdateTag();
  const [initial] = useState(() => valuesOf(tag));
  const form = useContractForm({
    schemas: contractSchemas.reliefValves,
    fields: FIELDS,
    failedTitle: T.tagFailed,
    checkTitle: RELIEF_TEXTS.checkFields,
  });
  const busy = create.isPending || update.isPending || form.checking;
  const { values, setValues, bind } = useFormValues(initial, form.clear);
  const binding: FormBinding<Values> = {
    ...bind(form.errors),
    // Another plant: the valve record chosen belongs to the one before.
    set: (name) => (event) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [name]: value, ...(name === 'plant' && { valveId: '' }) }));
      form.clear(name);
    },
  };
  const reliefValves = useSafetyReliefValves(values.plant);
  const plants = activePlantNames(usePlants().data);
  const changed = () => changedNames(initial, values).filter((name) => !FIXED.includes(name));

  const sendCreate = async () => {
    const body = await form.check((schemas) => schemas.reliefTagBody, bodyOf(values));
    if (!body) return;
    create.mutate(
      { key: newActionKey(), body },
      {
        onSuccess: (created) => {
          form.saved('tag', () => T.tagAdded(created.tag), onDone)(created);
          navigate(`/relief-valves/tags/${created.id}`);
        },
        onError: (error) => form.refuse(error),
      },
    );
  };

  const sendUpdate = async (target: { id: number; version: number }) => {
    const edited = Object.fromEntries(changed().map((name) => [name, values[name]]));
    const body = await form.check((schemas) => schemas.reliefTagUpdateBody, {
      ...bodyOf(edited),
      version: target.version,
    });
    if (!body) return;
    update.mutate(
      { id: target.id, key: newActionKey(), body },
      {
        onSuccess: form.saved(values.tag, (saved: ReliefTag) => T.tagSaved(saved.tag), onDone),
        onError: (error) => form.refuse(error),
      },
    );
  };

  const submit = (event: FormEvent) =>
    form.submitRecord(event, {
      busy,
      editing: tag,
      changed: () => changed().length > 0,
      create: () => void sendCreate(),
      update: (target) => void sendUpdate(target),
      nothingChanged: T.nothingChanged,
      onDone,
    });

  return (
    <form
      ref={form.ref}
      onSubmit={submit}
      noValidate
      aria-label={tag ? T.editTag(tag.tag) : T.addTag}
      className="grid gap-4"
    >
      <FormProblemAlert problem={form.alert} />
      <TextField form={binding} name="tag" label="Tag" required />
      {tag ? (
        <p className="text-slate-700">
          {tag.plant} · set {tag.setPressure} psi ({T.fixedOnTag})
        </p>
      ) : (
        <>
          <ChoiceField
            form={binding}
            name="plant"
            label="Plant"
            required
            blank="Choose a plant"
            options={asOptions(plants)}
          />
          <div className="grid grid-cols-[2fr_1fr] gap-3">
            <TextField form={binding} name="setPressure" label="Set pressure" kind="decimal" required />
            <ChoiceField form={binding} name="pressureUnit" label="Unit" required options={asOptions(PRESSURE_UNITS)} />
          </div>
        </>
      )}
      <ChoiceField
        form={binding}
        name="valveId"
        label="Valve record"
        hint={T.valveRecordHint}
        blank={values.plant ? 'None' : 'Choose the plant first'}
        options={(reliefValves.data ?? []).map((v) => [String(v.id), `${v.valveId} · ${v.location}`] as const)}
      />
      <TextField form={binding} name="protectedEquipment" label="Protects" required />
      <TextField form={binding} name="service" label="Service" required />
      <ChoiceField
        form={binding}
        name="intervalRule"
        label="Interval rule"
        required
        options={INTERVAL_RULES.map((rule) => [rule, rule === 'fixed' ? 'Fixed' : 'Risk-based (API 510)'] as const)}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField form={binding} name="intervalMonths" label="Interval (months)" kind="whole" required />
        <TextField form={binding} name="maxIntervalMonths" label="At most (months)" kind="whole" required />
      </div>
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {RELIEF_TEXTS.shop.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={RELIEF_TEXTS.shop.saving}>
          {tag ? T.saveTag : T.addTag}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
