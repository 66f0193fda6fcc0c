import { unitLabel } from '@common/quantities';
import type { AnomalyEpisode, ValveChannel } from '@common/schemas/analytics';
import { Area, AreaChart, CartesianGrid, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTick, formatTooltipTime } from '../analytics-format';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';
import { AXIS_TICK, GRID_COLOR } from './chart-colors';
import { SEVERITY_COLORS } from './episode-timeline';

type Band = { from: number; to: number; color: string; key: string };

/** Bands to shade: the episodes (by severity) and the reference period, clipped to what the charts show. */
export function bandsOf(
  episodes: AnomalyEpisode[],
  reference: { from: string | null; to: string | null } | undefined,
  shown: { from: number; to: number },
  now: number,
): Band[] {
  const bands: Band[] = [];
  if (reference?.from && reference.to)
    bands.push({ from: Date.parse(reference.from), to: Date.parse(reference.to), color: '#16a34a', key: 'reference' });
  for (const e of episodes)
    bands.push({
      from: Date.parse(e.start),
      to: e.end ? Date.parse(e.end) : now,
      color: SEVERITY_COLORS[e.severity],
      key: e.start,
    });
  return bands
    .filter((b) => b.to > shown.from && b.from < shown.to)
    .map((b) => ({ ...b, from: Math.max(b.from, shown.from), to: Math.min(b.to, shown.to) }));
}

function ChannelChart({ channel, bands }: { channel: ValveChannel; bands: Band[] }) {
  const data = channel.points.map((p) => ({ t: Date.parse(p.t), mean: p.mean, range: [p.min, p.max] }));
  const unit = unitLabel(channel.unit);
  return (
    <figure aria-label={channel.name} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <figcaption className="mb-1 text-base font-semibold break-words text-slate-900">
        {channel.name} <span className="font-normal text-slate-600">({unit})</span>
      </figcaption>
      <div className="h-40">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -8 }}>
            <CartesianGrid stroke={GRID_COLOR} strokeDasharray="3 3" />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              tickFormatter={(t) => formatTick(new Date(Number(t)).toISOString())}
              tick={AXIS_TICK}
              minTickGap={16}
            />
            <YAxis tick={AXIS_TICK} width={48} domain={['auto', 'auto']} />
            {bands.map((b) => (
              <ReferenceArea key={b.key} x1={b.from} x2={b.to} fill={b.color} fillOpacity={0.15} ifOverflow="hidden" />
            ))}
            <Tooltip
              labelFormatter={(label) => formatTooltipTime(new Date(Number(label)).toISOString())}
              formatter={(value) => [
                Array.isArray(value)
                  ? value
                      .map(Number)
                      .map((v) => v.toFixed(2))
                      .join(' – ')
                  : Number(value).toFixed(2),
                unit,
              ]}
            />
            <Area dataKey="range" stroke="none" fill="#1d4ed8" fillOpacity={0.12} isAnimationActive={false} />
            <Area dataKey="mean" stroke="#1d4ed8" fill="none" strokeWidth={2} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Issue 19: every channel from the rollups (mean line, min-max band), episodes and the reference shaded. */
export function ChannelCharts({
  channels,
  bandsFor,
}: {
  channels: ValveChannel[];
  bandsFor: (shown: { from: number; to: number }) => Band[];
}) {
  const times = channels.flatMap((c) => c.points.map((p) => Date.parse(p.t)));
  const bands = times.length ? bandsFor({ from: Math.min(...times), to: Math.max(...times) }) : [];
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600">{T.condition.shadedBands}</p>
      <div className="grid gap-3 md:grid-cols-2">
        {channels.map((c) => (
          <ChannelChart key={c.name} channel={c} bands={bands} />
        ))}
      </div>
    </div>
  );
}
