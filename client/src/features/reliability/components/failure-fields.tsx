import type { FailureCodeTables } from '@common/schemas/reliability';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { FieldErrors } from '@/lib/form-failure';
import { toLocalInput } from '@/lib/local-time';
import type { FailureDraft } from '../completion-draft';
import { RELIABILITY_TEXTS } from '../texts';
import { CodeSelect } from './code-select';

const T = RELIABILITY_TEXTS.failure;

const DETAILS = [
  { field: 'mechanism', table: 'mechanisms', label: T.mechanism },
  { field: 'cause', table: 'causes', label: T.cause },
  { field: 'remedy', table: 'remedies', label: T.remedy },
  { field: 'detectedBy', table: 'detectionMethods', label: T.detectedBy },
] as const;

/**
 * The failure report's fields: the mode first ("No failure to report" when `optional`); a chosen mode reveals the
 * mechanism, cause, remedy, how it was found and when it failed. `errors` are keyed `<prefix><field>`.
 */
export function FailureFields({
  codes,
  draft,
  errors,
  prefix,
  optional,
  raisedAt,
  onChange,
}: {
  codes: FailureCodeTables;
  draft: FailureDraft;
  errors: FieldErrors;
  /** The fields' contract path before their name: 'failure.' in a completion, '' on its own. */
  prefix: string;
  optional: boolean;
  /** When the order was raised, in words: what an empty "Failed at" means. */
  raisedAt: string;
  onChange: (field: keyof FailureDraft, value: string) => void;
}) {
  return (
    <>
      <CodeSelect
        label={T.mode}
        codes={codes.modes}
        value={draft.mode}
        empty={optional ? T.noFailure : T.chooseMode}
        required={!optional}
        error={errors[`${prefix}mode`]}
        onChange={(mode) => onChange('mode', mode)}
      />
      {draft.mode ? (
        <>
          {DETAILS.map(({ field, table, label }) => (
            <CodeSelect
              key={field}
              label={label}
              codes={codes[table]}
              value={draft[field]}
              empty={T.notKnown}
              error={errors[`${prefix}${field}`]}
              onChange={(code) => onChange(field, code)}
            />
          ))}
          <Field label={T.failedAt} error={errors[`${prefix}failedAt`]} hint={T.failedAtHint(raisedAt)}>
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                max={toLocalInput(new Date())}
                value={draft.failedAt}
                onChange={(event) => onChange('failedAt', event.target.value)}
              />
            )}
          </Field>
        </>
      ) : null}
    </>
  );
}
