import type { Maker } from '@common/schemas/makers';
import { type FormEvent, useState } from 'react';
import { FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Section } from '@/components/section';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { useManufacturers } from '@/lib/plants';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import { useMergeMakers } from '../api/plant-writes';
import { PLANT_TEXTS } from '../texts';

const T = PLANT_TEXTS.makers;

/** The makers the valves name, with their counts; an admin merges two spellings of one maker (issue 30). */
export function MakersSection() {
  const makers = useManufacturers();
  const canMerge = useCan('plants:manage');
  if (makers.isPending || makers.isError) return null;
  return (
    <Section id="manufacturers" title={T.title}>
      <p className="mb-3 text-sm text-slate-700">{T.intro}</p>
      {makers.data.length === 0 ? (
        <p className="text-sm text-slate-600">{T.none}</p>
      ) : (
        <ul aria-label={T.title} className="mb-4 grid gap-2 md:grid-cols-2">
          {makers.data.map((maker) => (
            <li key={maker.name}>
              <Card className="flex min-h-14 items-center justify-between gap-3 px-4 py-2">
                <span className="grid min-w-0">
                  <span className="text-base font-semibold break-words text-slate-900">{maker.name}</span>
                  <span className="text-sm text-slate-600">{T.models(maker.models.length)}</span>
                </span>
                <span className="shrink-0 text-sm font-semibold whitespace-nowrap text-slate-700">
                  {PLANT_TEXTS.valves(maker.valves)}
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {canMerge && makers.data.length > 1 ? <MergeForm makers={makers.data} /> : null}
    </Section>
  );
}

function MergeForm({ makers }: { makers: Maker[] }) {
  const merge = useMergeMakers();
  const [from, setFrom] = useState(makers[makers.length - 1].name);
  const [into, setInto] = useState('');
  const [key, setKey] = useState(newActionKey);
  const form = useContractForm({ schemas: contractSchemas.makers, fields: ['from', 'into'], failedTitle: T.failed });
  const busy = merge.isPending || form.checking;

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.makerMergeBody, { from, into });
      if (!body) return;
      merge.mutate(
        { key, body },
        {
          onSuccess: (done) => {
            toast({ title: T.merged(done.merged, done.into) });
            setInto('');
            setKey(newActionKey());
          },
          onError: (error) => {
            setKey(newActionKey());
            form.refuse(error, T.failed);
          },
        },
      );
    });

  return (
    <Card className="p-4">
      <form ref={form.ref} noValidate onSubmit={submit} aria-label={T.merge} className="grid gap-3 sm:grid-cols-2">
        <FormProblemAlert problem={form.alert} />
        <Field label={T.from} required error={form.errors.from}>
          {(control) => (
            <Select {...control} value={from} onChange={(event) => setFrom(event.target.value)}>
              {makers.map((maker) => (
                <option key={maker.name}>{maker.name}</option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={T.into} hint={T.intoHint} required error={form.errors.into}>
          {(control) => (
            <>
              <Input
                {...control}
                list="maker-names"
                autoComplete="off"
                value={into}
                onChange={(event) => {
                  setInto(event.target.value);
                  form.clear('into');
                }}
              />
              <datalist id="maker-names">
                {makers.map((maker) => (
                  <option key={maker.name} value={maker.name} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <SubmitButton busy={busy} busyLabel={T.busy} variant="outline" className="sm:col-span-2 sm:justify-self-start">
          {T.merge}
        </SubmitButton>
      </form>
    </Card>
  );
}
