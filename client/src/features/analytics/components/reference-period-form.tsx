import { type ReferencePeriod, referencePeriodInput } from '@common/schemas/analytics';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { readApiError } from '@/lib/api-error';
import { checkAgainst } from '@/lib/contract-check';
import { formatDateTime } from '@/lib/format';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';

const C = T.condition;

/** An ISO instant as a datetime-local value in the device's zone (what the engineer reads on the plant clock). */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

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
  const id = useId();
  const [from, setFrom] = useState(toLocalInput(period.from));
  const [to, setTo] = useState(toLocalInput(period.to));
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'ok' } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAgainst(referencePeriodInput, { from: fromLocalInput(from), to: fromLocalInput(to) });
    if (!checked.body) {
      const issue = checked.issues[0];
      setMessage({ text: `${issue.path === 'from' ? C.from : C.to} ${issue.message}.`, tone: 'error' });
      return;
    }
    try {
      await onMark(checked.body);
      setMessage({ text: C.saved, tone: 'ok' });
    } catch (error) {
      const failure = readApiError(error);
      setMessage({ text: failure.message, tone: 'error' });
    }
  };

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
        <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
          <div className="grid gap-1">
            <label htmlFor={`${id}-from`} className="text-sm font-semibold text-slate-800">
              {C.from}
            </label>
            <Input id={`${id}-from`} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-to`} className="text-sm font-semibold text-slate-800">
              {C.to}
            </label>
            <Input id={`${id}-to`} type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
          <Button type="submit" disabled={saving}>
            {saving ? C.saving : C.save}
          </Button>
        </form>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{T.runNotAllowed}</p>
      )}
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={message.tone === 'error' ? 'mt-2 text-base text-red-700' : 'mt-2 text-base text-green-800'}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
