import { type FormEvent, useState } from 'react';
import { FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { useSaveTagPattern } from '../api/plant-writes';
import { PLANT_TEXTS } from '../texts';

const T = PLANT_TEXTS.tagConvention;

/** The organization's tag convention (a regular expression new tags must match); empty takes any tag. */
export function TagConventionForm({ current }: { current: string | null }) {
  const save = useSaveTagPattern();
  const [pattern, setPattern] = useState(current ?? '');
  const form = useContractForm({ schemas: contractSchemas.plants, fields: ['tagPattern'], failedTitle: T.failed });
  const busy = save.isPending || form.checking;

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.tagPatternBody, { tagPattern: pattern.trim() || null });
      if (!body) return;
      save.mutate(body, {
        onSuccess: (saved) => toast({ title: saved.tagPattern ? T.saved : T.cleared }),
        onError: (error) => form.refuse(error),
      });
    });

  return (
    <form ref={form.ref} noValidate onSubmit={submit} aria-label={T.title} className="grid gap-3">
      <FormProblemAlert problem={form.alert} />
      <Field label={T.label} hint={T.hint} error={form.errors.tagPattern}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className="font-mono"
            value={pattern}
            onChange={(event) => {
              setPattern(event.target.value);
              form.clear('tagPattern');
            }}
          />
        )}
      </Field>
      <SubmitButton busy={busy} busyLabel={T.busy} variant="outline" className="sm:justify-self-start">
        {T.save}
      </SubmitButton>
    </form>
  );
}
