import type { Alarm } from '@common/schemas/alarms';
import { type FormEvent, useState } from 'react';
import { ChoiceCard } from '@/components/choice-card';
import { FormDialog } from '@/components/form-dialog';
import { errorSentence, Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { clockTime } from '../alarm-words';
import { changeOf, type useChangeAlarm } from '../api/alarm-writes';
import { ALARM_TEXTS } from '../texts';

const T = ALARM_TEXTS.shelve;
const FIELDS = ['minutes', 'reason'];

/** The times an operator shelves for: a task, a shift's part, a shift, a day (the contract allows 5 min to a week). */
export const SHELVE_CHOICES = [15, 60, 240, 480, 1440] as const;

const backAt = (minutes: number) => clockTime(new Date(Date.now() + minutes * 60_000).toISOString());

/**
 * Shelve for a stated time with a reason (ISA-18.2 11.7: shelving is a person's decision, recorded and limited in
 * time). The contract checks the body first, and the server's 400 lands on the same fields.
 */
export function ShelveDialog({
  alarm,
  change,
  onClose,
}: {
  alarm: Alarm;
  change: ReturnType<typeof useChangeAlarm>;
  onClose: () => void;
}) {
  const [minutes, setMinutes] = useState<number>(60);
  const [reason, setReason] = useState('');
  const form = useContractForm({ schemas: contractSchemas.alarms, fields: FIELDS, failedTitle: T.failed });
  const busy = change.isPending || form.checking;

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.shelveAlarmBody, { minutes, reason });
      if (!body) return;
      change.mutate(changeOf({ kind: 'shelve', body }), {
        onError: (error) => form.refuse(error),
        onSuccess: (shelved) => {
          toast({ title: T.done(alarm.valveTag, shelved.shelvedUntil ? clockTime(shelved.shelvedUntil) : '—') });
          onClose();
        },
      });
    });

  const minutesError = form.errors.minutes;
  return (
    <FormDialog
      title={T.title(alarm.valveTag)}
      intro={T.intro}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      form={form}
      cancelLabel={T.cancel}
      busy={busy}
      submit={{ label: T.submit, busyLabel: T.busy }}
      onSubmit={submit}
    >
      <fieldset
        aria-invalid={Boolean(minutesError)}
        aria-describedby={minutesError ? 'shelve-minutes-error' : undefined}
      >
        <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.duration}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {SHELVE_CHOICES.map((choice) => (
            <ChoiceCard
              key={choice}
              name="shelve-minutes"
              value={String(choice)}
              checked={minutes === choice}
              title={T.durationLabel(choice)}
              hint={T.backAt(backAt(choice))}
              onChange={() => {
                setMinutes(choice);
                form.clear('minutes');
              }}
            />
          ))}
        </div>
        {minutesError ? (
          <p id="shelve-minutes-error" className="mt-1.5 text-sm font-semibold text-red-700">
            {errorSentence(T.duration, minutesError)}
          </p>
        ) : null}
      </fieldset>
      <Field label={T.reason} required error={form.errors.reason}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={500}
            value={reason}
            placeholder={T.reasonPlaceholder}
            onChange={(event) => {
              setReason(event.target.value);
              form.clear('reason');
            }}
          />
        )}
      </Field>
    </FormDialog>
  );
}
