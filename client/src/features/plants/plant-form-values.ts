import type { Plant, PlantUnits, plantCreateBody, plantUpdateBody } from '@common/schemas/plants';
import { US_UNITS } from '@common/schemas/plants';
import type { z } from 'zod';

/** The plant form's fields as its inputs hold them: text, the units as their select values. */
export type PlantFormValues = {
  name: string;
  timeZone: string;
  pressure: PlantUnits['pressure'];
  temperature: PlantUnits['temperature'];
  size: PlantUnits['size'];
  code: string;
  siteName: string;
  address: string;
};

const OPTIONAL_TEXTS = ['code', 'siteName', 'address'] as const;
const UNITS = ['pressure', 'temperature', 'size'] as const;

/** The fields in the order the form draws them, by their contract paths (for placing the server's issues). */
export const PLANT_FIELDS = [
  'name',
  'timeZone',
  'units.pressure',
  'units.temperature',
  'units.size',
  ...OPTIONAL_TEXTS,
];

/** A plant as the form shows it; a new one in `zone` (the device's), in US units until the admin says otherwise. */
export function plantValues(plant: Plant | undefined, zone: string): PlantFormValues {
  const units = plant?.units ?? US_UNITS;
  return {
    name: plant?.name ?? '',
    timeZone: plant?.timeZone ?? zone,
    pressure: units.pressure,
    temperature: units.temperature,
    size: units.size,
    code: plant?.code ?? '',
    siteName: plant?.siteName ?? '',
    address: plant?.address ?? '',
  };
}

/** POST /api/plants's body, for plantCreateBody to check (it trims, and upper-cases the code); blanks left out. */
export function plantCreateInput(values: PlantFormValues): z.input<typeof plantCreateBody> {
  const body: z.input<typeof plantCreateBody> = {
    name: values.name,
    timeZone: values.timeZone,
    units: { pressure: values.pressure, temperature: values.temperature, size: values.size },
  };
  for (const field of OPTIONAL_TEXTS) if (values[field].trim()) body[field] = values[field];
  return body;
}

/** Only what the admin changed, a cleared text as null (the plant no longer has one); empty when nothing changed. */
export function changedPlantFields(before: PlantFormValues, after: PlantFormValues): z.input<typeof plantUpdateBody> {
  const changes: z.input<typeof plantUpdateBody> = {};
  if (after.name.trim() !== before.name.trim()) changes.name = after.name;
  if (after.timeZone !== before.timeZone) changes.timeZone = after.timeZone;
  const units: Partial<PlantUnits> = {};
  for (const unit of UNITS) if (after[unit] !== before[unit]) Object.assign(units, { [unit]: after[unit] });
  if (Object.keys(units).length > 0) changes.units = units;
  for (const field of OPTIONAL_TEXTS) {
    if (after[field].trim() !== before[field].trim()) changes[field] = after[field].trim() || null;
  }
  return changes;
}

/** "psi · °F · in": a plant's units in one line. */
export const unitsLine = (units: PlantUnits): string => `${units.pressure} · ${units.temperature} · ${units.size}`;
