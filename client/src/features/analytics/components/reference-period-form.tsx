import type { ReferencePeriod } from '@common/schemas/analytics';
import { type FormEvent, useState } from 'react';
import { FormProblemAlert } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { formatDateTime } from '@/lib/format';
import { fromLocalInput, toLocalInput } from '@/lib/local-time';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';

const C = T.condition;
const FIELDS = ['from', 'to'];

/**
 * Issue 19: the valve's reference period, and for those who may run the analysis a way to mark another one. The
 * body is checked with the contract before it is sent; the server's 400 shows in the same place.
 */
export function ReferencePeriodForm({
  period,
  canMark,
  saving,
  onMark,
}: {
  period: ReferencePeriod;
  canMark: boolean;
  saving: boolean;
  onMark: (body: { from: string; to: string }) => Promise<unknown>;
}) {
  const [from, setFrom] = useState(toLocalInput(period.from));
  const [to, setTo] = useState(toLocalInput(period.to));
  const [saved, setSaved] = useState(false);
  const form = useContractForm({ schemas: contractSchemas.analytics, fields: FIELDS, failedTitle: C.failed });

  const submit = (event: FormEvent) =>
    form.submit(event, saving, async () => {
      setSaved(false);
      const body = await form.check((schemas) => schemas.referencePeriodInput, {
        from: fromLocalInput(from) ?? '',
        to: fromLocalInput(to) ?? '',
      });
      if (!body) return;
      try {
        await onMark(body);
        setSaved(true);
      } catch (error) {
        form.refuse(error);
      }
    });

  return (
    <section aria-label={C.reference} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-base font-semibold text-slate-900">{C.reference}</h3>
      <p className="mt-1 text-sm text-slate-700">{C.referenceHelp}</p>
      {period.from && period.to ? (
        <p className="mt-2 text-base text-slate-900">
          {formatDateTime(period.from)} – {formatDateTime(period.to)}
        </p>
      ) : (
        <p className="mt-2 text-base text-slate-700">{C.noReference}</p>
      )}
      <p className="mt-1 text-sm text-slate-600">
        {period.source === 'engineer' && period.setAt
          ? C.referenceMarked(period.setBy, formatDateTime(period.setAt))
          : C.referenceDefault}
      </p>
      {canMark ? (
        <form
          ref={form.ref}
          onSubmit={submit}
          className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
          noValidate
        >
          <div className="sm:col-span-3">
            <FormProblemAlert problem={form.alert} />
          </div>
          <Field label={C.from} required error={form.errors.from}>
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                value={from}
                onChange={(e) => {
                  setFrom(e.target.value);
                  form.clear('from');
                }}
              />
            )}
          </Field>
          <Field label={C.to} required error={form.errors.to}>
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                value={to}
                onChange={(e) => {
                  setTo(e.target.value);
                  form.clear('to');
                }}
              />
            )}
          </Field>
          <Button type="submit" disabled={saving || form.checking} className="sm:mt-7">
            {saving ? C.saving : C.save}
          </Button>
        </form>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{T.runNotAllowed}</p>
      )}
      {saved ? (
        <p role="status" className="mt-2 text-base text-green-800">
          {C.saved}
        </p>
      ) : null}
    </section>
  );
}
