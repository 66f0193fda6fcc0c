import type { Signature } from '@common/schemas/signatures';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { MEANINGS } from './signature-line';

type Meaning = Signature['meaning'];

type SignatureFieldsProps<M extends Meaning> = {
  legend: string;
  hint: string;
  password: string;
  passwordError?: string;
  onPasswordChange: (password: string) => void;
  meaning: M;
  /** The meanings this signature may carry, in the order offered; one is shown as it is, not offered. */
  meanings: readonly M[];
  /** The step needs the signature (its rule or a procedure asks): the password is marked required, not optional. */
  required?: boolean;
  onMeaningChange: (meaning: M) => void;
};

/** An electronic signature as a form asks it: the signer's password again, and what the signature means. */
export function SignatureFields<M extends Meaning>({
  legend,
  hint,
  password,
  passwordError,
  onPasswordChange,
  meaning,
  meanings,
  onMeaningChange,
  required = false,
}: SignatureFieldsProps<M>) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <Field label="Your password" required={required} error={passwordError} hint={hint}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => onPasswordChange(e.target.value)}
          />
        )}
      </Field>
      {meanings.length === 1 ? (
        <p className="text-sm text-slate-700">
          Meaning: <span className="font-semibold">{MEANINGS[meanings[0]]}</span>
        </p>
      ) : (
        <Field label="Meaning">
          {(control) => (
            <Select {...control} value={meaning} onChange={(e) => onMeaningChange(e.target.value as M)}>
              {meanings.map((m) => (
                <option key={m} value={m}>
                  {MEANINGS[m]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
    </fieldset>
  );
}
