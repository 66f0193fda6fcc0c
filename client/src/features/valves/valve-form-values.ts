import type { ValveCriticality } from '@common/constants';
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

/** The short text fields of a valve, shown as plain inputs. */
export const SHORT_TEXT_FIELDS = ['size', 'pressure', 'area', 'location', 'system', 'manufacturer', 'model'] as const;

/** Optional texts of what the valve is made of and how it is joined to the line; cleared, they are sent as null. */
export const MATERIAL_FIELDS = ['bodyMaterial', 'trimMaterial', 'endConnection'] as const;
type MaterialField = (typeof MATERIAL_FIELDS)[number];

/** Everything as the form's inputs hold it: text (the criticality from a select of the three). */
export type ValveFormValues = {
  valveId: string;
  type: string;
  size: string;
  pressure: string;
  plant: string;
  area: string;
  location: string;
  system: string;
  manufacturer: string;
  model: string;
  status: string;
  criticality: ValveCriticality;
  maintenanceIntervalDays: string;
  nextMaintenance: string;
} & Record<DocumentationField | MaterialField, string>;

const DEFAULT_INTERVAL_DAYS = 180;
/** The contract's default: a valve is of medium criticality until someone who knows the unit says otherwise. */
const DEFAULT_CRITICALITY: ValveCriticality = 'B';

/** A new valve's form: in the first plant in service and of the catalog's first type, unless told otherwise. */
export function emptyValveValues(defaults: { plant: string; type: string } = { plant: '', type: '' }): ValveFormValues {
  const documentation = Object.fromEntries(DOCUMENTATION_FIELDS.map(([field]) => [field, ''])) as Record<
    DocumentationField,
    string
  >;
  return {
    valveId: '',
    type: defaults.type,
    size: '',
    pressure: '',
    plant: defaults.plant,
    area: '',
    location: '',
    system: '',
    manufacturer: '',
    model: '',
    status: 'active',
    criticality: DEFAULT_CRITICALITY,
    maintenanceIntervalDays: String(DEFAULT_INTERVAL_DAYS),
    nextMaintenance: '',
    bodyMaterial: '',
    trimMaterial: '',
    endConnection: '',
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
    area: valve.area,
    location: valve.location,
    system: valve.system,
    manufacturer: valve.manufacturer,
    model: valve.model,
    status: valve.status,
    criticality: valve.criticality,
    maintenanceIntervalDays: String(valve.maintenanceIntervalDays),
    nextMaintenance: valve.nextMaintenance ?? '',
    bodyMaterial: valve.bodyMaterial ?? '',
    trimMaterial: valve.trimMaterial ?? '',
    endConnection: valve.endConnection ?? '',
    ...documentation,
  };
}

/** The interval as typed: a number, or NaN for an empty box, which the contract refuses ('must be a number of days'). */
const days = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The form's text as the body of POST /api/valves, for valveCreateBody to check: numbers as numbers, empty
 * optional texts and dates left out. Its rules (required, the tag's shape, lengths, the interval) and their
 * messages are the contract's; it also trims the tag and writes it in capitals, as ISA 5.1 tags are written.
 */
export function toCreateBody(values: ValveFormValues): ValveCreateInput {
  const documentation: Partial<Record<DocumentationField, string>> = {};
  for (const [field] of DOCUMENTATION_FIELDS) {
    if (values[field].trim()) documentation[field] = values[field];
  }
  const materials: Partial<Record<MaterialField, string>> = {};
  for (const field of MATERIAL_FIELDS) {
    if (values[field].trim()) materials[field] = values[field];
  }
  return {
    valveId: values.valveId,
    type: values.type as ValveCreateInput['type'],
    size: values.size,
    pressure: values.pressure,
    plant: values.plant as ValveCreateInput['plant'],
    // Left empty, the area is not sent: the server takes the location's text before its first comma.
    ...(values.area.trim() && { area: values.area }),
    location: values.location,
    system: values.system,
    manufacturer: values.manufacturer,
    model: values.model,
    status: values.status === 'maintenance' ? 'maintenance' : 'active',
    criticality: values.criticality,
    maintenanceIntervalDays: days(values.maintenanceIntervalDays),
    ...(values.nextMaintenance && { nextMaintenance: values.nextMaintenance }),
    ...materials,
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
  const plainFields = ['type', 'plant', 'status', 'criticality', ...SHORT_TEXT_FIELDS] as const;
  for (const field of plainFields) {
    if (after[field].trim() !== before[field].trim()) changes[field] = after[field].trim();
  }
  if (after.maintenanceIntervalDays.trim() !== before.maintenanceIntervalDays.trim()) {
    changes.maintenanceIntervalDays = days(after.maintenanceIntervalDays);
  }
  if (after.nextMaintenance !== before.nextMaintenance) changes.nextMaintenance = after.nextMaintenance || null;
  for (const field of [...DOCUMENTATION_FIELDS.map(([name]) => name), ...MATERIAL_FIELDS]) {
    if (after[field].trim() !== before[field].trim()) changes[field] = after[field].trim() || null;
  }
  return changes as ValveChanges;
}
