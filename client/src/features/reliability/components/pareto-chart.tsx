import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@/lib/format';
import type { ParetoRow } from '../pareto';
import { RELIABILITY_TEXTS } from '../texts';

const T = RELIABILITY_TEXTS.report;

/** Blue bars and an orange line: apart in sunlight and for the common colour blindnesses, as the cost chart's. */
const BAR = '#1d4ed8';
const LINE = '#ea580c';
const TICK = { fontSize: 13, fill: '#334155' };

/**
 * The bad actors' Pareto: a bar of failures per valve, worst first, and the line of their cumulative share of all
 * failures; each valve's cost in its tooltip and in the caption's total. Tags are slanted so ten fit a phone.
 */
export function ParetoChart({
  rows,
  totalFailures,
  currency,
  label,
}: {
  rows: ParetoRow[];
  /** Every failure in scope, which the line is a share of (the shown valves' own when not known). */
  totalFailures?: number;
  currency: string;
  label: string;
}) {
  const failures = rows.reduce((sum, row) => sum + row.failures, 0);
  const total = Math.max(totalFailures ?? 0, failures);
  const cost = rows.reduce((sum, row) => sum + row.cost, 0);
  return (
    <figure aria-label={label} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <figcaption className="mb-2 grid gap-0.5">
        <span className="text-base font-semibold text-slate-900">{label}</span>
        <span className="text-sm text-slate-700">
          {T.chartTotals(rows.length, failures, total, formatMoney(cost, currency))}
        </span>
      </figcaption>
      <div className="h-72 sm:h-80">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={rows} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="tag" tick={TICK} angle={-40} textAnchor="end" height={72} interval={0} />
            <YAxis yAxisId="failures" tick={TICK} width={32} allowDecimals={false} />
            <YAxis
              yAxisId="percent"
              orientation="right"
              domain={[0, 100]}
              tick={TICK}
              width={44}
              tickFormatter={(value: number) => `${value}%`}
            />
            <Tooltip
              formatter={(value, name) => (name === T.cumulative ? `${value}%` : value)}
              labelFormatter={(tag, payload) => {
                const row = payload?.[0]?.payload as ParetoRow | undefined;
                return row ? `${tag} · ${T.cost} ${formatMoney(row.cost, currency)}` : String(tag);
              }}
            />
            <Legend />
            <Bar yAxisId="failures" dataKey="failures" name={T.failures} fill={BAR} isAnimationActive={false} />
            <Line
              yAxisId="percent"
              dataKey="cumulativePercent"
              name={T.cumulative}
              stroke={LINE}
              strokeWidth={3}
              dot={{ r: 4 }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
