import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

type Amendment = { reason: string; password: string };

/**
 * What a change to a signed record asks besides the change (issue 27 item 3): why, and the editor's password, so
 * the amendment is signed with their name. Its fields' errors come at `amendment.reason` and `amendment.password`.
 */
export function AmendmentFields({
  value,
  errors,
  onChange,
}: {
  value: Amendment;
  errors: Record<string, string | undefined>;
  onChange: (field: keyof Amendment, text: string) => void;
}) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">Sign the amendment</legend>
      <p className="text-sm text-amber-900">
        This record is signed. A change is an amendment: the signed version is kept, and the change is shown with your
        name and reason.
      </p>
      <Field label="Why it changes" required error={errors['amendment.reason']}>
        {(control) => (
          <Textarea {...control} rows={2} value={value.reason} onChange={(e) => onChange('reason', e.target.value)} />
        )}
      </Field>
      <Field
        label="Your password"
        required
        error={errors['amendment.password']}
        hint="Re-enter your password: the amendment is signed with your name."
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            value={value.password}
            onChange={(e) => onChange('password', e.target.value)}
          />
        )}
      </Field>
    </fieldset>
  );
}
