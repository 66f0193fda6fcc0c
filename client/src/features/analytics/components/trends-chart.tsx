import { SENSOR_TYPES } from '@common/constants';
import type { DashboardSensorReading } from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState } from '@/components/empty-state';
import { formatTick, formatTooltipTime, readingRows } from '../analytics-format';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';
import { AXIS_TICK, GRID_COLOR, SENSOR_COLORS } from './chart-colors';

/**
 * Spec §2.12 Trends: the first 20 readings of temperature (°F), pressure (PSI) and vibration (mm/s). Vibration is
 * a hundred times smaller than the others, so it has its own axis on the right rather than a flat line at zero.
 */
export function TrendsChart({ readings }: { readings: DashboardSensorReading[] }) {
  if (readings.length === 0) return <EmptyState>{T.noReadings}</EmptyState>;
  const rows = readingRows(readings);
  const caption = T.trendsCaption(readings[0].valveId);
  return (
    <figure aria-label={caption} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <figcaption className="mb-2 text-base font-semibold text-slate-900">{caption}</figcaption>
      <div className="h-72 sm:h-80">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 4, bottom: 0, left: -8 }}>
            <CartesianGrid stroke={GRID_COLOR} strokeDasharray="3 3" />
            <XAxis dataKey="timestamp" tickFormatter={formatTick} tick={AXIS_TICK} minTickGap={16} />
            <YAxis yAxisId="process" tick={AXIS_TICK} width={48} />
            <YAxis yAxisId="vibration" orientation="right" tick={AXIS_TICK} width={36} />
            <Tooltip
              labelFormatter={(label) => formatTooltipTime(String(label))}
              formatter={(value, name) => [Number(value).toFixed(2), name]}
            />
            <Legend wrapperStyle={{ fontSize: 13 }} />
            {SENSOR_TYPES.map((sensor) => (
              <Line
                key={sensor}
                type="monotone"
                dataKey={sensor}
                name={TEXTS.analytics.sensors[sensor]}
                yAxisId={sensor === 'vibration' ? 'vibration' : 'process'}
                stroke={SENSOR_COLORS[sensor]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
