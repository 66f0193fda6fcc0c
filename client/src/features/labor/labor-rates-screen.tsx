import { USER_ROLES } from '@common/constants';
import type { Role } from '@common/permissions';
import { roleLabel } from '@common/texts';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeletons } from '@/components/ui/skeleton';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { formatDate, formatMoney, localDay } from '@/lib/format';
import { usePeople } from '@/lib/people';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import { typedNumber } from '@/lib/typed-number';
import { useAddLaborRate, useLaborRates } from './api/labor';
import { LABOR_TEXTS } from './texts';

const T = LABOR_TEXTS.rates;

/** /admin/labor-rates (issue 33): the hourly rates hours are costed at, per role or person, each from a day on. */
export function LaborRatesScreen() {
  const canKeep = useCan('labor:rates');
  const rates = useLaborRates();
  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <PageHeader title={T.title} action={canKeep ? <AddRateDialog /> : null} />
      <p className="-mt-2 mb-4 text-base text-slate-700">{T.intro}</p>
      {rates.isPending ? (
        <Skeletons count={3} label={T.loading} itemClassName="h-14" />
      ) : rates.isError ? (
        <LoadError error={rates.error} onRetry={() => rates.refetch()} />
      ) : rates.data.length === 0 ? (
        <EmptyState>{T.none}</EmptyState>
      ) : (
        <ul aria-label={T.title} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {rates.data.map((rate) => (
            <li key={rate.id} className="flex flex-wrap justify-between gap-2 p-3">
              <span className="font-semibold text-slate-900">
                {rate.user ?? T.role(roleLabel(rate.role ?? '').toLowerCase())}
              </span>
              <span className="text-slate-800">
                {formatMoney(rate.hourlyRate, rate.currency)}/h {T.from(formatDate(rate.effectiveFrom))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const FIELDS = ['userId', 'role', 'hourlyRate', 'effectiveFrom'];

function AddRateDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ who: 'role:technician', hourlyRate: '', effectiveFrom: localDay() });
  const people = usePeople({ enabled: open });
  const add = useAddLaborRate();
  const form = useContractForm({ schemas: contractSchemas.labor, fields: FIELDS, failedTitle: T.failed });
  const busy = add.isPending || form.checking;
  const change = (field: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field === 'who' ? 'userId' : field);
  };
  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const [kind, value] = values.who.split(':');
      const body = {
        ...(kind === 'user' ? { userId: Number(value) } : { role: value as Role }),
        hourlyRate: typedNumber(values.hourlyRate),
        effectiveFrom: values.effectiveFrom,
      };
      const checked = await form.check((schemas) => schemas.laborRateBody, body);
      if (!checked) return;
      add.mutate(checked, {
        onError: (error) => form.refuse(error),
        onSuccess: () => {
          toast({ title: T.added });
          setOpen(false);
          form.reset();
        },
      });
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus className="size-5" aria-hidden="true" />
          {T.add}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.dialogTitle}>
        <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.dialogTitle}>
          <FormProblemAlert problem={form.alert} />
          <Field label={T.forWhom} required error={form.errors.userId ?? form.errors.role}>
            {(control) => (
              <Select {...control} value={values.who} onChange={(event) => change('who', event.target.value)}>
                {USER_ROLES.map((role) => (
                  <option key={role} value={`role:${role}`}>
                    {T.role(roleLabel(role).toLowerCase())}
                  </option>
                ))}
                {(people.data ?? []).map((person) => (
                  <option key={person.id} value={`user:${person.id}`}>
                    {person.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={T.hourlyRate} required error={form.errors.hourlyRate}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={values.hourlyRate}
                onChange={(event) => change('hourlyRate', event.target.value)}
              />
            )}
          </Field>
          <Field label={T.effectiveFrom} required error={form.errors.effectiveFrom}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={values.effectiveFrom}
                onChange={(event) => change('effectiveFrom', event.target.value)}
              />
            )}
          </Field>
          <FormActions>
            <Button variant="outline" onClick={() => setOpen(false)}>
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
