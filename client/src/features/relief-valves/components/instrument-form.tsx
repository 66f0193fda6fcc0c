import { INSTRUMENT_KINDS, PRESSURE_UNITS } from '@common/schemas/relief-valves';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, IN_PAGE, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { withoutBlanks } from '@/lib/contract-check';
import { contractSchemas } from '@/lib/contract-schemas';
import { useCreateInstrument } from '../api/shop';
import { RELIEF_TEXTS } from '../texts';
import { numberOf } from './form-fields';

const T = RELIEF_TEXTS.shop;
const FIELDS = [
  'kind',
  'identifier',
  'description',
  'calibratedOn',
  'calibrationDueOn',
  'rangeMax',
  'rangeUnit',
  'accuracyPercent',
] as const;
type Values = Record<(typeof FIELDS)[number], string> & {
  kind: (typeof INSTRUMENT_KINDS)[number];
  rangeUnit: (typeof PRESSURE_UNITS)[number];
};
const EMPTY: Values = {
  kind: 'gauge',
  identifier: '',
  description: '',
  calibratedOn: '',
  calibrationDueOn: '',
  rangeMax: '',
  rangeUnit: 'psi',
  accuracyPercent: '',
};

/** 'Add a bench or gauge': checked with the contract's instrumentBody, refusals at the field (decisions/098). */
export function InstrumentForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [key] = useState(newActionKey);
  const create = useCreateInstrument();
  const form = useContractForm({
    schemas: contractSchemas.reliefValves,
    fields: FIELDS,
    failedTitle: T.instrumentFailed,
    checkTitle: RELIEF_TEXTS.checkFields,
  });
  const busy = create.isPending || form.checking;
  const gauge = values.kind === 'gauge';

  const change = (name: keyof Values) => (event: { target: { value: string } }) => {
    // The selects offer only the contract's values: kind and unit stay theirs.
    setValues((v) => ({ ...v, [name]: event.target.value }));
    form.clear(name);
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const { rangeMax, accuracyPercent, ...text } = values;
      const body = {
        ...withoutBlanks(text),
        ...(gauge && { rangeMax: numberOf(rangeMax), accuracyPercent: numberOf(accuracyPercent) }),
      };
      const checked = await form.check((schemas) => schemas.instrumentBody, body);
      if (!checked) return;
      create.mutate(
        { key, body: checked },
        {
          onSuccess: form.saved('instrument', (reply) => T.instrumentAdded(reply.identifier), onDone),
          onError: (error) => form.refuse(error),
        },
      );
    });

  const text = (name: keyof Values, label: string, type = 'text', required = false) => (
    <Field label={label} error={form.errors[name]} required={required}>
      {(control) => (
        <Input
          {...control}
          type={type === 'decimal' ? 'text' : type}
          inputMode={type === 'decimal' ? 'decimal' : undefined}
          value={values[name]}
          onChange={change(name)}
        />
      )}
    </Field>
  );

  return (
    <form ref={form.ref} onSubmit={submit} noValidate aria-label={T.addInstrument} className="grid gap-4">
      <FormProblemAlert problem={form.alert} />
      <Field label="Kind" error={form.errors.kind} required>
        {(control) => (
          <Select {...control} value={values.kind} onChange={change('kind')}>
            {INSTRUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {k === 'gauge' ? 'Gauge' : 'Test bench'}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {text('identifier', 'Identifier', 'text', true)}
      {text('description', 'Description', 'text', true)}
      {text('calibratedOn', 'Last calibrated on', 'date')}
      {text('calibrationDueOn', 'Calibration due on', 'date', true)}
      {gauge ? (
        <>
          {text('rangeMax', 'Full scale (from zero)', 'decimal')}
          <Field label="Range unit" error={form.errors.rangeUnit}>
            {(control) => (
              <Select {...control} value={values.rangeUnit} onChange={change('rangeUnit')}>
                {PRESSURE_UNITS.map((u) => (
                  <option key={u}>{u}</option>
                ))}
              </Select>
            )}
          </Field>
          {text('accuracyPercent', 'Accuracy (% of full scale)', 'decimal')}
        </>
      ) : null}
      <FormActions className={IN_PAGE}>
        <Button variant="outline" onClick={onDone}>
          {T.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={T.saving}>
          {T.addInstrument}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
