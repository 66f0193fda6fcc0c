import { Clock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { localDay } from '@/lib/format';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import { typedNumber } from '@/lib/typed-number';
import { useLogLabor } from '../api/labor';
import { LABOR_TEXTS } from '../texts';

const T = LABOR_TEXTS.logDialog;
const FIELDS = ['minutes', 'workedOn', 'note'];
const EMPTY = { hours: '', minutes: '', workedOn: '', note: '' };

/** Whole hours and minutes as typed ("1" and "30"): minutes in all, or undefined when both are empty. */
function minutesOf(hours: string, minutes: string): number | undefined {
  const [h, m] = [typedNumber(hours), typedNumber(minutes)];
  if (h === undefined && m === undefined) return undefined;
  return (h ?? 0) * 60 + (m ?? 0);
}

/** 'Log hours': time worked after the fact (hours and minutes on a day), for who forgot the timer or worked offline. */
export function LogHoursDialog({ workOrderId }: { workOrderId: number }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ ...EMPTY, workedOn: localDay() });
  const [key, setKey] = useState(newActionKey);
  const log = useLogLabor(workOrderId);
  const form = useContractForm({ schemas: contractSchemas.labor, fields: FIELDS, failedTitle: T.failed });
  const busy = log.isPending || form.checking;

  const change = (field: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field === 'hours' ? 'minutes' : field);
  };
  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues({ ...EMPTY, workedOn: localDay() });
      form.reset();
      setKey(newActionKey());
    }
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const minutes = minutesOf(values.hours, values.minutes);
      const body = { minutes, workedOn: values.workedOn || undefined, note: values.note || null };
      const own = minutes === undefined ? [{ path: 'minutes', message: T.needTime }] : [];
      const checked = await form.check((schemas) => schemas.laborEntryBody, body, own);
      if (!checked) return;
      log.mutate(
        { body: checked, key },
        {
          onError: (error) => form.refuse(error),
          onSuccess: (entry) => {
            if (isQueued(entry)) toastQueued(T.queued(LABOR_TEXTS.duration(checked.minutes ?? 0)));
            else toast({ title: T.logged(LABOR_TEXTS.duration(entry.minutes)) });
            openChange(false);
          },
        },
      );
    });

  const number = (field: 'hours' | 'minutes', label: string) => (
    <Field label={label} error={field === 'minutes' ? form.errors.minutes : undefined}>
      {(control) => (
        <Input
          {...control}
          inputMode="numeric"
          autoComplete="off"
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <Clock className="size-5" aria-hidden="true" />
          {LABOR_TEXTS.log}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.title}>
        <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
          <FormProblemAlert problem={form.alert} />
          <div className="grid grid-cols-2 gap-3">
            {number('hours', T.hours)}
            {number('minutes', T.minutes)}
          </div>
          <Field label={T.workedOn} error={form.errors.workedOn}>
            {(control) => (
              <Input
                {...control}
                type="date"
                max={localDay()}
                value={values.workedOn}
                onChange={(event) => change('workedOn', event.target.value)}
              />
            )}
          </Field>
          <Field label={T.note} error={form.errors.note} hint={T.noteHint}>
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                value={values.note}
                onChange={(event) => change('note', event.target.value)}
              />
            )}
          </Field>
          <FormActions>
            <Button variant="outline" onClick={() => openChange(false)}>
              Cancel
            </Button>
            <SubmitButton busy={busy} busyLabel={T.busy}>
              {T.submit}
            </SubmitButton>
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
