import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { FieldErrors } from '@/lib/form-failure';
import { toLocalInput } from '@/lib/local-time';
import type { DowntimeRow } from '../completion-draft';
import { RELIABILITY_TEXTS } from '../texts';

const T = RELIABILITY_TEXTS.downtime;

/**
 * One downtime period's fields: from, to (datetime-local, never later than now) and why. On a phone the two times
 * stack, each a full-width target; `errors` are keyed `<prefix><field>`.
 */
export function DowntimeFields({
  row,
  errors,
  prefix,
  required,
  onChange,
}: {
  row: DowntimeRow;
  errors: FieldErrors;
  prefix: string;
  required?: boolean;
  onChange: (field: keyof DowntimeRow, value: string) => void;
}) {
  const now = toLocalInput(new Date());
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={T.from} required={required} error={errors[`${prefix}startedAt`]}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              max={now}
              value={row.startedAt}
              onChange={(event) => onChange('startedAt', event.target.value)}
            />
          )}
        </Field>
        <Field label={T.to} required={required} error={errors[`${prefix}endedAt`]}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              min={row.startedAt || undefined}
              max={now}
              value={row.endedAt}
              onChange={(event) => onChange('endedAt', event.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={T.reason} required={required} error={errors[`${prefix}reason`]}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={row.reason}
            placeholder={T.reasonPlaceholder}
            onChange={(event) => onChange('reason', event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
