import { VIBRATION_ZONES_MM_S } from '@common/analytics';
import type { SeededRandom } from '../lib/seeded-random';

const HOUR = 3_600_000;
export const READING_DAYS = 30;

export type ReadingRow = {
  valveId: number;
  sensorType: string;
  timestamp: Date;
  value: number;
  quality: string;
};

function quality(value: number, warning: number, critical: number): string {
  if (value >= critical) return 'critical';
  if (value >= warning) return 'warning';
  return 'good';
}

/**
 * Hourly temperature (°F), pressure (PSI) and vibration (mm/s) for 30 days up to `now`.
 * A degrading valve drifts in its last days: vibration climbs towards the alarm zone and temperature creeps up,
 * as a worn seat or failing bearing would show.
 */
export function* hourlyReadings(
  random: SeededRandom,
  valveId: number,
  process: { tempF: number; pressurePsi: number },
  now: number,
  degrading: boolean,
): Generator<ReadingRow> {
  const end = Math.floor(now / HOUR) * HOUR;
  const hours = READING_DAYS * 24;
  const vibrationBase = random.between(0.8, 1.8);
  const onsetHour = hours - random.int(5, 10) * 24;
  for (let h = 0; h < hours; h++) {
    const timestamp = new Date(end - (hours - 1 - h) * HOUR);
    const daily = Math.sin((2 * Math.PI * (h % 24)) / 24);
    const wear = degrading && h > onsetHour ? (h - onsetHour) / (hours - onsetHour) : 0;
    const temperature = process.tempF * (1 + 0.01 * daily + 0.12 * wear) + random.normal(0, process.tempF * 0.005);
    const pressure = process.pressurePsi * (1 + 0.02 * daily) + random.normal(0, process.pressurePsi * 0.01);
    const vibration = Math.max(0.05, vibrationBase * (1 + 3.2 * wear) + random.normal(0, 0.12));
    yield {
      valveId,
      sensorType: 'temperature',
      timestamp,
      value: round(temperature),
      quality: quality(temperature, process.tempF * 1.08, process.tempF * 1.15),
    };
    yield {
      valveId,
      sensorType: 'pressure',
      timestamp,
      value: round(pressure),
      quality: quality(pressure, process.pressurePsi * 1.15, process.pressurePsi * 1.3),
    };
    yield {
      valveId,
      sensorType: 'vibration',
      timestamp,
      value: round(vibration),
      quality: quality(vibration, VIBRATION_ZONES_MM_S.bc, VIBRATION_ZONES_MM_S.cd),
    };
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
