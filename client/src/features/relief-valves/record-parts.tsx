import type { ReactNode } from 'react';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';

type Option = { id: number; label: string };

export function Choice({
  label,
  value,
  onChange,
  options,
  error,
  required = true,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: (Option | string)[];
  error?: string;
  required?: boolean;
}) {
  return (
    <Field label={label} error={error} required={required}>
      {(control) => (
        <Select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) =>
            typeof o === 'string' ? (
              <option key={o}>{o}</option>
            ) : (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ),
          )}
        </Select>
      )}
    </Field>
  );
}

export function Stage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-300 p-3 sm:grid-cols-2">
      <legend className="px-1 text-lg font-bold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The record's fields by their contract paths, in the order the form draws them (errors go to the first). */
export const RECORD_FIELDS = [
  'testedOn',
  'place',
  'medium',
  'pressureUnit',
  'certificateId',
  'gaugeId',
  'benchId',
  'asFound.opening',
  'asFound.simmer',
  'asFound.reseat',
  'asFoundSeat.heldPressure',
  'asFoundSeat.bubblesPerMinute',
  'piping.inlet',
  'piping.outlet',
  'partsReplaced',
  'adjustments',
  'asLeft',
  'asLeft.reseat',
  'sealNumber',
  'foundNameplate.model',
  'foundNameplate.setPressure',
  'nameplatePhotoId',
  'airSetCorrection.percent',
  'airSetCorrection.source',
];
