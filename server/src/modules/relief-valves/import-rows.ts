import { PRESSURE_UNITS, type PressureUnit } from '@common/relief-valves/exact';
import { reliefDeviceBody, reliefTagBody } from '@common/schemas/relief-valves';
import { type Cell, cellNumber } from '../../lib/cells';
import type { ImportField, ImportRow } from '../../lib/imports';
import {
  type CellReader,
  fieldOf,
  type Refusal,
  type RowValues,
  readNumber,
  readRow,
  readWord,
  timeUnitOf,
} from '../imports';

/*
 * A relief register's row read into a tag's or a device's fields (issue 32): pressures with the unit written in the
 * cell ("150 psi", "10.3 barg"), intervals in months or years, the contract's words as registers write them. What
 * the records say of the values is tag-import.ts's and device-import.ts's part.
 */

const UNIT_HEADERS = ['unit', 'units', 'pressure units', 'set pressure unit', 'psi/bar'];
const SET_HEADERS = ['set', 'set pressure psig', 'set pressure psi', 'crs', 'set point', 'set psig'];

const tag = fieldOf(reliefTagBody);
export const RELIEF_TAG_FIELDS: readonly ImportField[] = [
  tag('tag', 'Tag', ['tag no', 'tag number', 'psv', 'psv tag', 'psv no', 'relief valve tag', 'prv tag', 'position']),
  tag('plant', 'Plant', ['site', 'facility']),
  // The valve record the position sits on, by the valve ID people see; the contract's valveId is its record id.
  tag('valve', 'Valve ID', ['valve', 'valve record', 'valve no']),
  tag('setPressure', 'Set pressure', SET_HEADERS),
  tag('pressureUnit', 'Pressure unit', UNIT_HEADERS),
  tag('protectedEquipment', 'Protected equipment', ['equipment', 'protected vessel', 'vessel', 'protects']),
  tag('service', 'Service', ['service description', 'process service']),
  tag('intervalRule', 'Interval rule', ['rule', 'interval basis', 'inspection basis']),
  tag('intervalMonths', 'Test interval', ['interval', 'interval months', 'test interval months', 'frequency']),
  tag('maxIntervalMonths', 'Maximum interval', ['max interval', 'max interval months', 'maximum interval months']),
];

const device = fieldOf(reliefDeviceBody);
export const RELIEF_DEVICE_FIELDS: readonly ImportField[] = [
  device('serialNumber', 'Serial number', ['serial', 's/n', 'serial no', 'sn', 'serial #', 'mfr serial']),
  device('manufacturer', 'Manufacturer', ['make', 'maker', 'mfr', 'vendor', 'brand']),
  device('model', 'Model', ['model no', 'model number']),
  device('orifice', 'Orifice', ['orifice letter', 'orifice size']),
  device('inletSize', 'Inlet size', ['inlet', 'inlet nps', 'size in']),
  device('outletSize', 'Outlet size', ['outlet', 'outlet nps', 'size out']),
  device('setPressure', 'Set pressure', SET_HEADERS),
  device('pressureUnit', 'Pressure unit', UNIT_HEADERS),
  device('capacity', 'Capacity', ['rated capacity', 'relieving capacity', 'flow capacity']),
  device('codeStamp', 'Code stamp', ['stamp', 'nb stamp', 'asme stamp']),
  device('design', 'Design', ['valve design', 'style']),
  device('seatType', 'Seat', ['seat type', 'seat material']),
  device('code', 'Code', ['asme code', 'construction code', 'code section']),
  device('serviceFluid', 'Service fluid', ['fluid', 'medium', 'service']),
  device('coldDifferentialTestPressure', 'Cold differential test pressure', ['cdtp', 'cold set', 'bench set']),
  device('superimposedBackPressure', 'Superimposed back pressure', ['superimposed bp', 'back pressure', 'sbp']),
  device('builtUpBackPressure', 'Built-up back pressure', ['built up bp', 'bubp']),
];

/** A gauge pressure's unit as registers write it ("barg", "psig"): the contract's unit. */
const UNIT_WORDS: Record<string, PressureUnit> = Object.fromEntries(
  PRESSURE_UNITS.flatMap((unit) => [
    [unit.toLowerCase(), unit],
    [`${unit.toLowerCase()}g`, unit],
  ]),
);

/** The unit written in a pressure cell ("10.3 barg" is bar); null for a bare number or one not read. */
export function unitInCell(cell: Cell): PressureUnit | null {
  const read = cellNumber(cell);
  return read && 'value' in read && read.value.unit !== null ? (UNIT_WORDS[read.value.unit] ?? null) : null;
}

/** Whole months; "2 years" is 24. A fraction is left for the contract to refuse as not whole. */
const readMonths: CellReader = (cell, refuse) => {
  const read = cellNumber(cell);
  if (!read) return undefined;
  if ('error' in read) {
    refuse(read.error);
    return undefined;
  }
  const { amount, unit } = read.value;
  const calendar = unit === null ? 'month' : timeUnitOf(unit);
  if (calendar === 'month') return amount;
  if (calendar === 'year') return amount * 12;
  refuse(`"${cell}" is not in months or years`);
  return undefined;
};

const words = (list: Record<string, string[]>): Record<string, string> =>
  Object.fromEntries(Object.entries(list).flatMap(([value, said]) => [value, ...said].map((w) => [w, value])));

const readPressure = readNumber(Object.keys(UNIT_WORDS));
const PRESSURE_FIELDS = [
  'setPressure',
  'coldDifferentialTestPressure',
  'superimposedBackPressure',
  'builtUpBackPressure',
];

const COMMON_READERS: Record<string, CellReader> = {
  ...Object.fromEntries(PRESSURE_FIELDS.map((f) => [f, readPressure])),
  pressureUnit: readWord(UNIT_WORDS, 'psi, bar, kPa or MPa'),
};

const TAG_READERS: Record<string, CellReader> = {
  ...COMMON_READERS,
  intervalRule: readWord(words({ fixed: [], 'risk-based': ['risk based', 'rbi', 'risk'] }), 'fixed or risk-based'),
  intervalMonths: readMonths,
  maxIntervalMonths: readMonths,
};

const DEVICE_READERS: Record<string, CellReader> = {
  ...COMMON_READERS,
  design: readWord(
    words({ conventional: [], bellows: ['balanced bellows'], pilot: ['pilot operated', 'pilot-operated'] }),
    'conventional, bellows or pilot',
  ),
  seatType: readWord(
    words({ metal: ['metal seat', 'metal-to-metal'], soft: ['soft seat', 'o-ring'] }),
    'metal or soft',
  ),
  code: readWord(
    words({
      'asme-viii': ['asme viii', 'viii', 'section viii', 'asme xiii', 'xiii', 'asme viii/xiii'],
      'asme-i': ['asme i', 'i', 'section i'],
    }),
    'ASME VIII (or XIII) or ASME I',
  ),
  serviceFluid: readWord(words({ steam: [], gas: ['vapor', 'vapour'], liquid: [] }), 'steam, gas or liquid'),
};

/**
 * A row's cells as its fields' values, and the one unit its pressures are in: the Pressure unit column's or the
 * unit written in a cell. Two units in one row are refused rather than converted: the record keeps one.
 */
function readPressures(row: ImportRow, readers: Record<string, CellReader>): { values: RowValues; refused: Refusal[] } {
  const { values, refused } = readRow(row, readers);
  let unit = typeof values.pressureUnit === 'string' ? (values.pressureUnit as PressureUnit) : null;
  let unitFrom = row.cells.get('pressureUnit')?.column;
  for (const name of PRESSURE_FIELDS) {
    const cell = row.cells.get(name);
    const written = cell && typeof values[name] === 'number' ? unitInCell(cell.cell) : null;
    if (!cell || !written) continue;
    if (unit && written !== unit) {
      refused.push({
        row: row.row,
        column: cell.column,
        message: `is in ${written}, but ${unitFrom} says ${unit}: write a row's pressures in one unit`,
      });
      delete values[name];
    } else if (!unit) {
      unit = written;
      unitFrom = cell.column;
    }
  }
  if (unit) values.pressureUnit = unit;
  return { values, refused };
}

export const readTagRow = (row: ImportRow) => readPressures(row, TAG_READERS);
export const readDeviceRow = (row: ImportRow) => readPressures(row, DEVICE_READERS);
