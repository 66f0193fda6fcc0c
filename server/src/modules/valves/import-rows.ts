import { valveCreateBody } from '@common/schemas/valves';
import { cellNumber } from '../../lib/cells';
import type { ImportField, ImportRow } from '../../lib/imports';
import { type CellReader, readDate, readRow, readText, readWord } from '../imports';

/*
 * A register row read into a valve's fields (issue 32): the cells as the person meant them, each problem a
 * refusal of its column. What the catalog and the database say of the values is import.ts's part.
 */

const f = (name: string, label: string, headers: string[] = []): ImportField => ({
  name,
  label,
  headers,
  requiredForNew: !valveCreateBody.shape[name as keyof typeof valveCreateBody.shape]?.safeParse(undefined).success,
});

export const VALVE_IMPORT_FIELDS: readonly ImportField[] = [
  f('valveId', 'Valve ID', ['tag', 'tag number', 'tag no', 'valve tag', 'valve', 'id']),
  f('type', 'Type', ['valve type']),
  f('size', 'Size', ['nominal size', 'nps', 'dn', 'line size']),
  f('pressure', 'Pressure class', ['pressure', 'rating', 'pressure rating', 'class', 'ansi class', 'asme class']),
  f('plant', 'Plant', ['site', 'facility']),
  f('area', 'Area', ['unit', 'area unit', 'process unit']),
  f('system', 'System', ['service', 'line', 'process system']),
  f('location', 'Location', ['position', 'installed at']),
  f('manufacturer', 'Manufacturer', ['make', 'maker', 'vendor', 'mfr', 'brand']),
  f('model', 'Model', ['model number', 'model no']),
  f('bodyMaterial', 'Body material', ['body', 'material']),
  f('trimMaterial', 'Trim material', ['trim']),
  f('endConnection', 'End connection', ['ends', 'connection', 'end connections']),
  f('maintenanceIntervalDays', 'Maintenance interval', ['interval', 'maintenance interval days', 'pm interval']),
  f('nextMaintenance', 'Next maintenance', ['next due', 'due date', 'next pm', 'next maintenance date']),
  f('status', 'Status', ['state']),
  f('specifications', 'Specifications', ['specification', 'specs', 'notes']),
];

/** Days in a unit people write an interval in; a month and a year are the Gregorian calendar's means. */
const DAYS_PER: Record<string, number> = {
  d: 1,
  day: 1,
  days: 1,
  w: 7,
  wk: 7,
  wks: 7,
  week: 7,
  weeks: 7,
  mo: 365.2425 / 12,
  mon: 365.2425 / 12,
  month: 365.2425 / 12,
  months: 365.2425 / 12,
  y: 365.2425,
  yr: 365.2425,
  yrs: 365.2425,
  year: 365.2425,
  years: 365.2425,
};

const STATUS_WORDS: Record<string, string> = {
  active: 'active',
  'in service': 'active',
  maintenance: 'maintenance',
  'in maintenance': 'maintenance',
  'under maintenance': 'maintenance',
  overdue: 'overdue',
};

const readInterval: CellReader = (cell, refuse) => {
  const read = cellNumber(cell);
  if (!read) return undefined;
  if ('error' in read) {
    refuse(read.error);
    return undefined;
  }
  const perUnit = read.value.unit === null ? 1 : DAYS_PER[read.value.unit];
  if (perUnit !== undefined) return Math.round(read.value.amount * perUnit);
  refuse(`"${cell}" is not in a unit of time (days, weeks, months, years)`);
  return undefined;
};

const VALVE_READERS: Record<string, CellReader> = {
  valveId: (cell, refuse) => {
    const text = readText(cell, refuse);
    return typeof text === 'string' ? text.toUpperCase() : undefined;
  },
  maintenanceIntervalDays: readInterval,
  nextMaintenance: readDate,
  status: readWord(STATUS_WORDS, 'active, maintenance or overdue'),
};

/** Each mapped cell as its field's value; blank cells are left out (a blank never clears what a valve has). */
export const readValveRow = (row: ImportRow) => readRow(row, VALVE_READERS);
