import { valveCreateBody } from '@common/schemas/valves';
import { cellNumber } from '../../lib/cells';
import type { ImportField, ImportRow } from '../../lib/imports';
import { type CellReader, fieldOf, readDate, readRow, readText, readWord, timeUnitOf } from '../imports';

/*
 * A register row read into a valve's fields (issue 32): the cells as the person meant them, each problem a
 * refusal of its column. What the catalog and the database say of the values is import.ts's part.
 */

const f = fieldOf(valveCreateBody);

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
  f('criticality', 'Criticality', ['critical', 'abc', 'abc class', 'criticality class', 'ranking']),
  f('specifications', 'Specifications', ['specification', 'specs', 'notes']),
];

/** Days in a calendar unit; a month and a year are the Gregorian calendar's means (365.2425 days a year). */
const DAYS_IN = { day: 1, week: 7, month: 365.2425 / 12, year: 365.2425 } as const;

const STATUS_WORDS: Record<string, string> = {
  active: 'active',
  'in service': 'active',
  maintenance: 'maintenance',
  'in maintenance': 'maintenance',
  'under maintenance': 'maintenance',
  overdue: 'overdue',
};

/** A register's criticality as the ABC ranking or its words (high, medium, low). */
const CRITICALITY_WORDS: Record<string, string> = { a: 'A', high: 'A', b: 'B', medium: 'B', c: 'C', low: 'C' };

const readInterval: CellReader = (cell, refuse) => {
  const read = cellNumber(cell);
  if (!read) return undefined;
  if ('error' in read) {
    refuse(read.error);
    return undefined;
  }
  const unit = read.value.unit === null ? 'day' : timeUnitOf(read.value.unit);
  const perUnit = unit && DAYS_IN[unit];
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
  criticality: readWord(CRITICALITY_WORDS, 'A, B or C (or high, medium, low)'),
};

/** Each mapped cell as its field's value; blank cells are left out (a blank never clears what a valve has). */
export const readValveRow = (row: ImportRow) => readRow(row, VALVE_READERS);
