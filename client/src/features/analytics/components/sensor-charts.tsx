import { SENSOR_TYPES, type SensorType } from '@common/constants';
import type { SensorReading } from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState } from '@/components/empty-state';
import { Card } from '@/components/ui/card';
import { formatTick, formatTooltipTime, lastReadings, qualityCounts } from '../analytics-format';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';
import { AXIS_TICK, GRID_COLOR, SENSOR_COLORS } from './chart-colors';

function SensorChart({ sensorType, readings }: { sensorType: SensorType; readings: SensorReading[] }) {
  const name = TEXTS.analytics.sensors[sensorType];
  const last = lastReadings(readings, sensorType);
  const color = SENSOR_COLORS[sensorType];
  return (
    <figure aria-label={name} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <figcaption className="mb-1 text-base font-semibold text-slate-900">{name}</figcaption>
      {last.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">{T.noReadings}</p>
      ) : (
        <div className="h-44">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={last} margin={{ top: 8, right: 4, bottom: 0, left: -8 }}>
              <CartesianGrid stroke={GRID_COLOR} strokeDasharray="3 3" />
              <XAxis dataKey="timestamp" tickFormatter={formatTick} tick={AXIS_TICK} minTickGap={16} />
              <YAxis tick={AXIS_TICK} width={48} domain={['auto', 'auto']} />
              <Tooltip
                labelFormatter={(label) => formatTooltipTime(String(label))}
                formatter={(value) => [Number(value).toFixed(2), name]}
              />
              <Area
                type="monotone"
                dataKey="value"
                name={name}
                stroke={color}
                fill={color}
                fillOpacity={0.15}
                strokeWidth={2}
                isAnimationActive={false}
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}

const QUALITY_CLASSES = {
  good: 'text-green-800',
  warning: 'text-amber-800',
  critical: 'text-red-800',
} as const;

/** Spec §2.13 Sensor Data: the last 20 readings of each sensor as area charts, and the readings' quality counts. */
export function SensorCharts({ readings }: { readings: SensorReading[] }) {
  if (readings.length === 0) return <EmptyState>{T.noReadings}</EmptyState>;
  const counts = qualityCounts(readings);
  const V = TEXTS.analytics.valve;
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 lg:grid-cols-3">
        {SENSOR_TYPES.map((sensorType) => (
          <SensorChart key={sensorType} sensorType={sensorType} readings={readings} />
        ))}
      </div>
      <Card className="p-4">
        <h2 className="text-base font-semibold text-slate-900">{V.sensorQuality}</h2>
        <p className="text-sm text-slate-600">{T.qualityWindow}</p>
        <dl aria-label={V.sensorQuality} className="mt-2 grid grid-cols-3 gap-2 text-center">
          {(['good', 'warning', 'critical'] as const).map((quality) => (
            <div key={quality} className="rounded-lg bg-slate-50 p-2">
              <dt className="text-sm text-slate-700">{V.quality[quality]}</dt>
              <dd className={`text-2xl font-bold tabular-nums ${QUALITY_CLASSES[quality]}`}>{counts[quality]}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
