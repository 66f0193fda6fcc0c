import { PLANTS, VALVE_ID_PATTERN, VALVE_TYPES } from '@common/constants';
import type { ValveDetail, ValveUpdateBody } from '@common/schemas/valves';
import type { ValveCreateInput } from './api/create-valve';

/** The long manual texts of a valve (spec §3), in the order the form shows them, with their labels. */
export const DOCUMENTATION_FIELDS = [
  ['specifications', 'Technical Specifications'],
  ['operatingManual', 'Operating Manual'],
  ['installationGuide', 'Installation Guide'],
  ['maintenanceProcedure', 'Maintenance Procedure'],
  ['troubleshootingGuide', 'Troubleshooting Guide'],
  ['safetyProtocol', 'Safety Protocol'],
  ['partsList', 'Parts List'],
  ['nozzleConfiguration', 'Nozzle Configuration'],
  ['torqueSpecifications', 'Torque Specifications'],
  ['nationalBoardInfo', 'National Board Information'],
  ['asmeCodeInfo', 'ASME Code Information'],
  ['certificationData', 'Certification Data'],
] as const;
export type DocumentationField = (typeof DOCUMENTATION_FIELDS)[number][0];

/** The short text fields every valve must have. */
export const REQUIRED_TEXT_FIELDS = ['size', 'pressure', 'location', 'system', 'manufacturer', 'model'] as const;

/** Everything as the form's inputs hold it: text. */
export type ValveFormValues = {
  valveId: string;
  type: string;
  size: string;
  pressure: string;
  plant: string;
  location: string;
  system: string;
  manufacturer: string;
  model: string;
  status: string;
  maintenanceIntervalDays: string;
  nextMaintenance: string;
} & Record<DocumentationField, string>;

export type ValveFormErrors = Partial<Record<keyof ValveFormValues, string>>;

const DEFAULT_INTERVAL_DAYS = 180;

export function emptyValveValues(): ValveFormValues {
  const documentation = Object.fromEntries(DOCUMENTATION_FIELDS.map(([field]) => [field, ''])) as Record<
    DocumentationField,
    string
  >;
  return {
    valveId: '',
    type: VALVE_TYPES[0],
    size: '',
    pressure: '',
    plant: PLANTS[0],
    location: '',
    system: '',
    manufacturer: '',
    model: '',
    status: 'active',
    maintenanceIntervalDays: String(DEFAULT_INTERVAL_DAYS),
    nextMaintenance: '',
    ...documentation,
  };
}

export function valveToValues(valve: ValveDetail): ValveFormValues {
  const documentation = Object.fromEntries(
    DOCUMENTATION_FIELDS.map(([field]) => [field, valve[field] ?? '']),
  ) as Record<DocumentationField, string>;
  return {
    valveId: valve.valveId,
    type: valve.type,
    size: valve.size,
    pressure: valve.pressure,
    plant: valve.plant,
    location: valve.location,
    system: valve.system,
    manufacturer: valve.manufacturer,
    model: valve.model,
    status: valve.status,
    maintenanceIntervalDays: String(valve.maintenanceIntervalDays),
    nextMaintenance: valve.nextMaintenance ?? '',
    ...documentation,
  };
}

/** The tag as the server stores it: trimmed, upper case ('v-12-bv ' → 'V-12-BV'). */
export const normalizeValveId = (text: string): string => text.trim().toUpperCase();

/** Spec §3: V, a number, a two-letter type code. Null when the tag is fine, else what is wrong. */
export function checkValveId(text: string): string | null {
  const tag = normalizeValveId(text);
  if (!tag) return 'is required';
  return VALVE_ID_PATTERN.test(tag) ? null : 'must look like V-123-BV: V, a number, two letters';
}

/**
 * The checks a form can make before sending: required fields, the tag's shape, a whole number of days.
 * Lengths and uniqueness are the server's (it answers per field).
 */
export function checkValveValues(values: ValveFormValues, mode: 'create' | 'edit'): ValveFormErrors {
  const errors: ValveFormErrors = {};
  if (mode === 'create') {
    const tagError = checkValveId(values.valveId);
    if (tagError) errors.valveId = tagError;
  }
  for (const field of REQUIRED_TEXT_FIELDS) {
    if (!values[field].trim()) errors[field] = 'is required';
  }
  const days = values.maintenanceIntervalDays.trim();
  if (!/^\d+$/.test(days) || Number(days) < 1 || Number(days) > 3650) {
    errors.maintenanceIntervalDays = 'must be a whole number of days from 1 to 3650';
  }
  return errors;
}

export function toCreateBody(values: ValveFormValues): ValveCreateInput {
  const documentation: Partial<Record<DocumentationField, string>> = {};
  for (const [field] of DOCUMENTATION_FIELDS) {
    const text = values[field].trim();
    if (text) documentation[field] = text;
  }
  return {
    valveId: normalizeValveId(values.valveId),
    type: values.type as ValveCreateInput['type'],
    size: values.size.trim(),
    pressure: values.pressure.trim(),
    plant: values.plant as ValveCreateInput['plant'],
    location: values.location.trim(),
    system: values.system.trim(),
    manufacturer: values.manufacturer.trim(),
    model: values.model.trim(),
    status: values.status === 'maintenance' ? 'maintenance' : 'active',
    maintenanceIntervalDays: Number(values.maintenanceIntervalDays.trim()),
    ...(values.nextMaintenance && { nextMaintenance: values.nextMaintenance }),
    ...documentation,
  };
}

type ValveChanges = Omit<ValveUpdateBody, 'version'>;

/**
 * Only what the user changed, so re-applying after someone else's edit overwrites nothing they did not touch.
 * Cleared texts and dates are sent as null.
 */
export function changedValveFields(before: ValveFormValues, after: ValveFormValues): ValveChanges {
  const changes: Record<string, unknown> = {};
  const plainFields = ['type', 'plant', 'status', ...REQUIRED_TEXT_FIELDS] as const;
  for (const field of plainFields) {
    if (after[field].trim() !== before[field].trim()) changes[field] = after[field].trim();
  }
  if (after.maintenanceIntervalDays.trim() !== before.maintenanceIntervalDays.trim()) {
    changes.maintenanceIntervalDays = Number(after.maintenanceIntervalDays.trim());
  }
  if (after.nextMaintenance !== before.nextMaintenance) changes.nextMaintenance = after.nextMaintenance || null;
  for (const [field] of DOCUMENTATION_FIELDS) {
    if (after[field].trim() !== before[field].trim()) changes[field] = after[field].trim() || null;
  }
  return changes as ValveChanges;
}
