import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { FieldErrors } from '@/lib/form-failure';

/** A typed number as the contract reads it: left out when blank; what is not a number the contract refuses at its field. */
export const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The fields whose text differs from where the form started: what an edit sends. */
export const changedNames = <Values extends Record<string, string>>(initial: Values, values: Values) =>
  (Object.keys(values) as (keyof Values & string)[]).filter((name) => values[name] !== initial[name]);

/** A form's values (all text, as typed), its messages and the setter each field calls. */
export type FormBinding<Values extends Record<string, string>> = {
  values: Values;
  errors: FieldErrors;
  set: (name: keyof Values & string) => (event: { target: { value: string } }) => void;
};

type Common<Values extends Record<string, string>> = {
  form: FormBinding<Values>;
  name: keyof Values & string;
  label: string;
  required?: boolean;
  hint?: string;
};

/** A text, date or decimal field (a phone shows its number pad for a decimal). */
export function TextField<Values extends Record<string, string>>({
  form,
  name,
  label,
  required,
  hint,
  kind = 'text',
}: Common<Values> & { kind?: 'text' | 'date' | 'decimal' | 'whole' }) {
  return (
    <Field label={label} error={form.errors[name]} required={required} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type={kind === 'date' ? 'date' : 'text'}
          inputMode={kind === 'decimal' ? 'decimal' : kind === 'whole' ? 'numeric' : undefined}
          value={form.values[name]}
          onChange={form.set(name)}
        />
      )}
    </Field>
  );
}

/** A choice among the contract's values, each with its words; `blank` offers "none" as well. */
export function ChoiceField<Values extends Record<string, string>>({
  form,
  name,
  label,
  required,
  hint,
  options,
  blank,
}: Common<Values> & { options: readonly (readonly [string, string])[]; blank?: string }) {
  return (
    <Field label={label} error={form.errors[name]} required={required} hint={hint}>
      {(control) => (
        <Select {...control} value={form.values[name]} onChange={form.set(name)}>
          {blank !== undefined ? <option value="">{blank}</option> : null}
          {options.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** Options whose words are the values themselves. */
export const asOptions = (values: readonly string[]) => values.map((value) => [value, value] as const);

/** A form's values (text, as typed) and its binding: each change clears that field's message. */
export function useFormValues<Values extends Record<string, string>>(start: Values, clear: (name: string) => void) {
  const [values, setValues] = useState(start);
  const bind = (errors: FieldErrors): FormBinding<Values> => ({
    values,
    errors,
    set: (name) => (event) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      clear(name);
    },
  });
  return { values, setValues, bind };
}
