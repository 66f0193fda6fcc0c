import { z } from 'zod';
import { SENSOR_UNITS } from '../analytics';
import { normaliseUnit } from '../quantities';
import { channelName } from './analytics';

/**
 * How a CSV source's columns become readings (client/src/features/analytics/import/csv-mapping.ts), kept per
 * source and organization so the next export from the same historian, on any device, is matched the same way.
 * A source is a name the user typed ("Line 3 historian") or the file's header signature.
 */
const column = z.string().max(200, { error: 'must be at most 200 characters' });

export const importChannelColumn = z.object({
  column: column.min(1, { error: 'must name a column' }),
  channel: channelName,
  unit: z
    .string()
    .trim()
    .refine((u) => normaliseUnit(u) !== null, { error: 'is not a unit we know (such as L/min, A, V, bar, degC, g)' }),
});
export type ImportChannelColumn = z.infer<typeof importChannelColumn>;

export const importColumnMapping = z.object({
  layout: z.enum(['wide', 'long']),
  timestamp: column,
  tag: column,
  sensors: z.object({ temperature: column, pressure: column, vibration: column }),
  sensorType: column,
  value: column,
  quality: column,
  units: z.object({
    temperature: z.enum(SENSOR_UNITS.temperature),
    pressure: z.enum(SENSOR_UNITS.pressure),
    vibration: z.enum(SENSOR_UNITS.vibration),
  }),
  timeZone: z.enum(['utc', 'local']),
  /** Wide layout: further columns, each a named channel in a unit (flow in L/min, motor current in A). */
  channels: z.array(importChannelColumn).max(100, { error: 'must hold at most 100 channel columns' }),
});
export type ImportColumnMapping = z.infer<typeof importColumnMapping>;

export const importSource = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(500, { error: 'must be at most 500 characters' });

/** PUT /api/sensor-readings/import-mappings body. */
export const importMappingInput = z.object({ source: importSource, mapping: importColumnMapping });
export type ImportMappingInput = z.infer<typeof importMappingInput>;

export const importMapping = importMappingInput.extend({ updatedAt: z.string(), updatedBy: z.string().nullable() });
export type ImportMapping = z.infer<typeof importMapping>;

export const importMappingsQuery = z.object({ source: importSource.optional() });
