import type { PredictiveAnalytics } from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState } from '@/components/empty-state';
import { valveLabel } from '../analytics-format';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';
import { AXIS_TICK, GRID_COLOR } from './chart-colors';

/** A bar's colour says the valve's risk at a glance (the scores themselves are on the axis). */
const RISK_FILL: Record<string, string> = { low: '#16a34a', medium: '#d97706', high: '#dc2626', critical: '#991b1b' };

/** Room per bar, so a plant's worth of valves scrolls sideways on a phone instead of squeezing to hairlines. */
const BAR_SLOT_PX = 28;

/** Spec §2.12 Health Scores: a bar per valve, labelled 'V-' + its id in 3 digits. */
export function HealthScoresChart({ predictive }: { predictive: PredictiveAnalytics[] }) {
  if (predictive.length === 0) return <EmptyState>{T.noScores}</EmptyState>;
  const rows = predictive.map((p) => ({
    label: valveLabel(p.valveId),
    tag: p.valveTag,
    healthScore: Math.round(p.healthScore),
    riskLevel: p.riskLevel,
  }));
  return (
    <figure
      aria-label={TEXTS.analytics.tabs.healthScores}
      className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <figcaption className="mb-2 text-base font-semibold text-slate-900">
        {TEXTS.analytics.tabs.healthScores}
      </figcaption>
      <div className="overflow-x-auto">
        <div className="h-72 sm:h-80" style={{ minWidth: rows.length * BAR_SLOT_PX }}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ top: 8, right: 4, bottom: 0, left: -16 }}>
              <CartesianGrid stroke={GRID_COLOR} strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={AXIS_TICK} interval={0} angle={-45} textAnchor="end" height={48} />
              <YAxis domain={[0, 100]} tick={AXIS_TICK} />
              <Tooltip
                formatter={(value) => [`${value}%`, TEXTS.analytics.summary.healthScore]}
                labelFormatter={(label, payload) => `${label} · ${payload?.[0]?.payload?.tag ?? ''}`}
              />
              <Bar dataKey="healthScore" isAnimationActive={false} radius={[4, 4, 0, 0]}>
                {rows.map((row) => (
                  <Cell key={row.label} fill={RISK_FILL[row.riskLevel] ?? '#64748b'} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </div>
    </figure>
  );
}
