import type { FailureCode } from '@common/schemas/reliability';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { RELIABILITY_TEXTS as T } from '../texts';

/**
 * One ISO 14224 code table as a native select (the phone's own picker, easiest with gloves), each option its code
 * and words ("INL · Internal leakage") and the first one "none" (`empty`).
 */
export function CodeSelect({
  label,
  codes,
  value,
  empty,
  error,
  required,
  onChange,
}: {
  label: string;
  codes: readonly FailureCode[];
  value: string;
  empty: string;
  error?: string;
  required?: boolean;
  onChange: (code: string) => void;
}) {
  return (
    <Field label={label} error={error} required={required}>
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{empty}</option>
          {codes.map((code) => (
            <option key={code.code} value={code.code} title={code.description}>
              {T.codeLabel(code.code, code.label)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
