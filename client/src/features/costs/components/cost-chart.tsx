import type { MonthCost } from '@common/schemas/costs';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@/lib/format';
import { COST_TEXTS as T } from '../texts';

/** Colours that stay apart in sunlight and for the common colour blindnesses (blue, orange, grey). */
const FILLS = { parts: '#1d4ed8', labor: '#ea580c', contractor: '#64748b' } as const;
const TICK = { fontSize: 13, fill: '#334155' };

/** "2026-03" as "Mar 26": twelve months fit a phone's width. */
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** Each month's cost as a bar stacked parts, labor, contractors. */
export function CostChart({ months, currency, label }: { months: MonthCost[]; currency: string; label: string }) {
  const rows = months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <figure aria-label={label} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <figcaption className="mb-2 text-base font-semibold text-slate-900">{label}</figcaption>
      <div className="h-64 sm:h-80">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 4, bottom: 0, left: 8 }}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={TICK} />
            <YAxis
              tick={TICK}
              width={64}
              tickFormatter={(value: number) => formatMoney(value, currency).replace(/\.00$/, '')}
            />
            <Tooltip formatter={(value) => formatMoney(Number(value), currency)} />
            <Legend />
            {(['parts', 'labor', 'contractor'] as const).map((kind) => (
              <Bar
                key={kind}
                dataKey={kind}
                name={T[kind]}
                stackId="cost"
                fill={FILLS[kind]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
