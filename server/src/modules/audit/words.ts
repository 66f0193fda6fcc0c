/**
 * A history as an auditor reads it (issue 29): who by name, when on the plant's clock, each field by its label and
 * each value in words, the record by its name, the device as browser and system. The audit trail keeps the raw
 * row; these words are made when it is read, so the raw log stays exact for the admins' export.
 */
import { dateTimeIn } from '@common/plant-days';
import { RECORD_KINDS } from '@common/record-kinds';
import Bowser from 'bowser';

/** Tables in a history that are parts of a record, not record kinds of their own. */
const PART_LABELS: Record<string, string> = {
  procedure_step_results: 'Procedure step',
  procedure_versions: 'Procedure version',
  signatures: 'Signature',
};

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

export function tableLabel(table: string): string {
  const kind = Object.values(RECORD_KINDS).find((k) => k.table === table);
  return kind?.label ?? PART_LABELS[table] ?? sentence(table.replaceAll('_', ' ').replace(/s$/, ''));
}

/** Fields whose column name says less than its label. */
const FIELD_LABELS: Record<string, string> = {
  'valves.valve_id': 'Valve ID',
  'work_orders.work_order_id': 'Work order number',
  'work_orders.valve_id': 'Valve',
};

/** A column as a label: "assigned_to_user_id" is "Assigned to", "due_date" is "Due date". */
export function fieldLabel(table: string, field: string): string {
  return FIELD_LABELS[`${table}.${field}`] ?? sentence(field.replace(/_user_id$|_id$/, '').replaceAll('_', ' '));
}

/** Whether a field holds a person (its value a user's id): shown by name. */
export const isPersonField = (field: string) => field.endsWith('_user_id') || field === 'user_id';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Stored choices such as in_progress or safety_relief: words, not identifiers. */
const CHOICE = /^[a-z]+(_[a-z]+)+$/;

/** A value in words: a person by name, a moment on the plant's clock, yes or no, "(none)" for nothing. */
export function valueInWords(field: string, value: unknown, context: { names: Map<number, string>; timeZone: string }) {
  if (value === null || value === undefined || value === '') return '(none)';
  if (isPersonField(field) && typeof value === 'number') return context.names.get(value) ?? `a former user (#${value})`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value)))
    return dateTimeIn(value, context.timeZone);
  if (typeof value === 'string' && CHOICE.test(value)) return value.replaceAll('_', ' ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const PLATFORMS: Record<string, string> = { mobile: 'phone', tablet: 'tablet', desktop: 'computer' };

/**
 * The device a change came from, from its User-Agent: "Chrome 131 on Android 14 (phone)". What is not a browser
 * (a script, an integration) is named as it names itself.
 */
export function deviceInWords(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  // Words only where the browser and its system are both known; otherwise the device's own text says more.
  if (!parsed.browser.name || !parsed.os.name) return userAgent.slice(0, 80);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  const platform = PLATFORMS[parsed.platform.type ?? ''];
  return `${browser}${system ? ` on ${system}` : ''}${platform ? ` (${platform})` : ''}`;
}
