import { z } from 'zod';
import { isKnownTimeZone } from '../plant-days';
import { text } from './fields';
import { isoDateTime } from './params';

/* An organization's plants and its valve catalog (issue 30): data an admin keeps, not constants of the product. */

export const PRESSURE_UNITS = ['psi', 'bar'] as const;
export const TEMPERATURE_UNITS = ['°F', '°C'] as const;
/** NPS in inches (ASME B36.10) or DN in millimetres (ISO 6708). */
export const SIZE_UNITS = ['in', 'DN'] as const;

export const plantUnits = z.object({
  pressure: z.enum(PRESSURE_UNITS, { error: `must be one of: ${PRESSURE_UNITS.join(', ')}` }),
  temperature: z.enum(TEMPERATURE_UNITS, { error: `must be one of: ${TEMPERATURE_UNITS.join(', ')}` }),
  size: z.enum(SIZE_UNITS, { error: `must be one of: ${SIZE_UNITS.join(', ')}` }),
});
export type PlantUnits = z.infer<typeof plantUnits>;
export const US_UNITS: PlantUnits = { pressure: 'psi', temperature: '°F', size: 'in' };

export const plant = z.object({
  id: z.number(),
  name: z.string(),
  timeZone: z.string(),
  units: plantUnits,
  /** A short code for labels ("BN"); null when the plant has none. */
  code: z.string().nullable(),
  siteName: z.string().nullable(),
  address: z.string().nullable(),
  retired: z.boolean(),
  retiredAt: isoDateTime.nullable(),
  /** Valves in the plant, decommissioned ones included: a plant with valves is retired, never deleted. */
  valves: z.number(),
});
export type Plant = z.infer<typeof plant>;

/** No comma: filters name several plants as one comma-separated list. */
export const plantName = text(80)
  .min(1, { error: 'is required' })
  .refine((name) => !name.includes(','), { error: 'must not contain a comma' });

/** An IANA zone name ("Europe/Berlin"): a plant's days, plans and DST follow it. */
export const timeZone = z
  .string({ error: 'is required' })
  .trim()
  .refine(isKnownTimeZone, { error: 'must be an IANA time zone such as America/Chicago or Europe/Berlin' });

const optionalText = (max: number) => text(max).nullable().optional();
const plantCode = z
  .string({ error: 'must be text' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{1,10}$/, { error: 'must be 1 to 10 letters, digits or -' })
  .nullable()
  .optional();

export const plantCreateBody = z.object({
  name: plantName,
  timeZone,
  units: plantUnits.partial().optional(),
  code: plantCode,
  siteName: optionalText(120),
  address: optionalText(300),
});
export type PlantCreateBody = z.infer<typeof plantCreateBody>;

/** Rename, move to another zone or units, retire (`retired: true`) or bring back (`retired: false`). */
export const plantUpdateBody = z
  .object({
    name: plantName,
    timeZone,
    units: plantUnits.partial(),
    code: plantCode,
    siteName: optionalText(120),
    address: optionalText(300),
    retired: z.boolean({ error: 'must be true or false' }),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { error: 'give at least one field to change' });
export type PlantUpdateBody = z.infer<typeof plantUpdateBody>;

export const valveType = z.object({
  /** Null for a type of the standard list every organization starts from. */
  id: z.number().nullable(),
  name: z.string(),
  standard: z.boolean(),
  /** The safety relief class: valves of it are the relief valves domain's devices. */
  reliefClass: z.boolean(),
  /** The organization's valves of the type: a filter offers the types in use. */
  valves: z.number(),
});
export type ValveTypeEntry = z.infer<typeof valveType>;

export const valveTypeName = z
  .string({ error: 'is required' })
  .trim()
  .min(2, { error: 'must be at least 2 characters' })
  .max(60, { error: 'must be at most 60 characters' })
  .refine((name) => !/[\0,]/.test(name), { error: 'must not contain a comma' });

export const valveTypeCreateBody = z.object({ name: valveTypeName });
export type ValveTypeCreateBody = z.infer<typeof valveTypeCreateBody>;

/** An organization's own tag convention, checked on new valves; null accepts any tag of VALVE_TAG_PATTERN. */
export const tagPatternBody = z.object({
  tagPattern: z
    .string({ error: 'must be text' })
    .max(200, { error: 'must be at most 200 characters' })
    .refine(
      (source) => {
        try {
          new RegExp(source);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'must be a regular expression' },
    )
    .nullable(),
});
