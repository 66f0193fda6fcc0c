import type { SensorType } from '@common/constants';

/** One colour per sensor on every chart (Tailwind red-600, blue-700, violet-600: apart for colour-blind eyes too). */
export const SENSOR_COLORS: Record<SensorType, string> = {
  temperature: '#dc2626',
  pressure: '#1d4ed8',
  vibration: '#7c3aed',
};

export const AXIS_TICK = { fontSize: 12, fill: '#475569' };
export const GRID_COLOR = '#e2e8f0';
