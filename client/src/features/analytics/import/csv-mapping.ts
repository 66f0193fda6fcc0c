import { READING_QUALITIES, SENSOR_TYPES, type SensorType } from '@common/constants';
import { channelName } from '@common/schemas/analytics';
import type { ImportChannelColumn, ImportColumnMapping } from '@common/schemas/import-mappings';
import { type SensorUnits, STORED_UNITS, toStoredUnit } from '@common/units';

/**
 * How the columns of a historian's CSV become readings. Two layouts cover the exports plants send:
 * - wide: one row per valve and moment, one column per sensor (timestamp, tag, temp, pressure, vibration), what a
 *   historian's "export trend" writes; a sensor may be left out;
 * - long: one row per reading (timestamp, tag, sensor type, value), what an event or tag-value export writes.
 * In the wide layout, further columns may each be a named channel in a unit (flow in L/min, motor current in A):
 * their values go to the server as read, with the unit, and the server converts them.
 * Pure functions, so the screen's preview and the import use the same rules and tests can pin them.
 */

export type Quality = (typeof READING_QUALITIES)[number];

export type TimeZoneChoice = 'utc' | 'local';

/** The mapping the screen edits and the server keeps per source (common/schemas/import-mappings.ts). */
export type ColumnMapping = ImportColumnMapping;

/**
 * One reading ready to send, with the CSV row it came from (1 = first row after the header): a spec sensor's in its
 * stored unit, or a channel's as read, with its unit.
 */
export type ParsedReading = {
  row: number;
  valveTag: string;
  timestamp: string;
  value: number;
  quality?: Quality;
} & (
  | { sensorType: SensorType; channel?: undefined; unit?: undefined }
  | { sensorType?: undefined; channel: string; unit: string }
);

/** A row (or one cell of it) that could not become a reading, and why. */
export type RowProblem = { row: number; reason: string };

export type ConversionResult = { readings: ParsedReading[]; problems: RowProblem[] };

const HEADER_GUESSES: Record<'timestamp' | 'tag' | SensorType | 'sensorType' | 'value' | 'quality', RegExp> = {
  timestamp: /^(time ?stamp|date ?time|time|date|ts|sample ?time)$/i,
  tag: /^(valve([ _-]?(id|tag|no))?|tag([ _-]?name)?|asset([ _-]?id)?|point|equipment)$/i,
  // A unit may follow the name after a space, bracket or underscore: temperature_c, pressure_bar, vib_mm_s.
  temperature: /^(temp|temperature)(\b|_)/i,
  pressure: /^(press|pressure)(\b|_)/i,
  vibration: /^(vib|vibration)(\b|_)/i,
  sensorType: /^(sensor([ _-]?type)?|type|measurement|parameter)$/i,
  value: /^(value|reading|val)$/i,
  quality: /^(quality|status|q)$/i,
};

const find = (headers: string[], pattern: RegExp) => headers.find((h) => pattern.test(h.trim())) ?? '';

/** A first mapping from the header names, which the user then checks: a wide file when sensor columns are named. */
export function guessMapping(headers: string[]): ColumnMapping {
  const sensors = {
    temperature: find(headers, HEADER_GUESSES.temperature),
    pressure: find(headers, HEADER_GUESSES.pressure),
    vibration: find(headers, HEADER_GUESSES.vibration),
  };
  const sensorType = find(headers, HEADER_GUESSES.sensorType);
  const wide = Object.values(sensors).some(Boolean) || !sensorType;
  return {
    layout: wide ? 'wide' : 'long',
    timestamp: find(headers, HEADER_GUESSES.timestamp),
    tag: find(headers, HEADER_GUESSES.tag),
    sensors,
    sensorType,
    value: find(headers, HEADER_GUESSES.value),
    quality: find(headers, HEADER_GUESSES.quality),
    units: guessUnits(headers, sensors),
    timeZone: 'utc',
    channels: [],
  };
}

/** A file's source when the user names none: its columns, so the next export with the same header matches. */
export function headerSignature(headers: string[]): string {
  return `columns: ${headers.map((h) => h.trim()).join(' | ')}`.slice(0, 500);
}

/**
 * A saved mapping applied to a file, when every column it names is in the file's header (else null: a mapping for
 * other columns would silently import nothing).
 */
export function applySavedMapping(saved: ColumnMapping, headers: string[]): ColumnMapping | null {
  const present = new Set(headers);
  const named = [
    saved.timestamp,
    saved.tag,
    saved.quality,
    ...(saved.layout === 'wide' ? Object.values(saved.sensors) : [saved.sensorType, saved.value]),
    ...(saved.layout === 'wide' ? saved.channels.map((c) => c.column) : []),
  ].filter(Boolean);
  return named.every((column) => present.has(column)) ? { ...saved, channels: saved.channels ?? [] } : null;
}

/** What is wrong with one channel column's row in the form, or null. */
export function channelColumnProblem(c: ImportChannelColumn): string | null {
  if (!c.column) return 'Choose the column of each channel.';
  if (!channelName.safeParse(c.channel).success)
    return `Channel '${c.channel}': a name of letters, digits and _ . - (such as flow or motor_current).`;
  if (!c.unit) return `Choose the unit of channel ${c.channel}.`;
  return null;
}

/** Units written in a header ("Temp (degC)", "Pressure [bar]", "Vib in/s") preselect the unit choice. */
function guessUnits(headers: string[], sensors: Record<SensorType, string>): SensorUnits {
  const units = { ...STORED_UNITS };
  // Words split by underscores too, so `temperature_c` reads as "temperature c".
  const words = (header: string) => header.replace(/_/g, ' ');
  if (/°\s*c|deg\s*c|\(c\)|\bcelsius\b|\bc$/i.test(words(sensors.temperature))) units.temperature = '°C';
  if (/\bkpa\b/i.test(words(sensors.pressure))) units.pressure = 'kPa';
  else if (/\bbar\b/i.test(words(sensors.pressure))) units.pressure = 'bar';
  if (/\bin\/s\b|\bips\b|\bin s$/i.test(words(sensors.vibration))) units.vibration = 'in/s';
  return headers.length ? units : STORED_UNITS;
}

/** What the mapping still lacks before an import can run; empty when it is complete. */
export function mappingProblems(mapping: ColumnMapping): string[] {
  const missing: string[] = [];
  if (!mapping.timestamp) missing.push('Choose the timestamp column.');
  if (!mapping.tag) missing.push('Choose the valve tag column.');
  if (mapping.layout === 'wide' && !SENSOR_TYPES.some((s) => mapping.sensors[s]) && mapping.channels.length === 0) {
    missing.push('Choose the column of at least one sensor or channel.');
  }
  if (mapping.layout === 'wide') {
    for (const problem of new Set(mapping.channels.map(channelColumnProblem))) if (problem) missing.push(problem);
  }
  if (mapping.layout === 'long' && !mapping.sensorType) missing.push('Choose the sensor type column.');
  if (mapping.layout === 'long' && !mapping.value) missing.push('Choose the value column.');
  return missing;
}

const ISO_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A historian timestamp as an ISO instant: 'YYYY-MM-DD hh:mm[:ss[.fff]]' with 'T' or a space, with or without an
 * offset (without one it is read per `timeZone`), or Unix time in seconds or milliseconds. Anything else is null:
 * 03/04/2026 is the 3rd of April in one plant and the 4th of March in the next, so it is not guessed.
 */
export function parseTimestamp(text: string, timeZone: TimeZoneChoice): string | null {
  const trimmed = text.trim();
  if (/^\d{9,13}$/.test(trimmed)) {
    const number = Number(trimmed);
    return new Date(trimmed.length <= 10 ? number * 1000 : number).toISOString();
  }
  const match = ISO_LIKE.exec(trimmed);
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', offset] = match;
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms] as const;
  // Date rolls 2026-02-30 over to March: fields that do not survive a round trip name no real moment.
  const asUtc = new Date(Date.UTC(...parts));
  const roundTrip = [
    asUtc.getUTCFullYear(),
    asUtc.getUTCMonth(),
    asUtc.getUTCDate(),
    asUtc.getUTCHours(),
    asUtc.getUTCMinutes(),
    asUtc.getUTCSeconds(),
  ];
  if (roundTrip.some((field, i) => field !== parts[i])) return null;
  let date = asUtc;
  if (offset && offset.toUpperCase() !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.replace(/\D/g, '');
    date = new Date(asUtc.getTime() - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000);
  } else if (!offset && timeZone === 'local') {
    date = new Date(...parts);
  }
  return date.toISOString();
}

/** '1,234.5' and ' 12 ' read as numbers; 'Bad Input', '#N/A', '' and the like do not. */
export function parseNumber(text: string): number | null {
  const cleaned = text.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

const SENSOR_NAMES: [RegExp, SensorType][] = [
  [/^temp(erature)?$/i, 'temperature'],
  [/^press(ure)?$/i, 'pressure'],
  [/^vib(ration)?$/i, 'vibration'],
];

export function parseSensorType(text: string): SensorType | null {
  const name = text.trim();
  return SENSOR_NAMES.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}

function parseQuality(text: string): Quality | null {
  const lower = text.trim().toLowerCase();
  return READING_QUALITIES.find((quality) => quality === lower) ?? null;
}

const isBlank = (text: string | undefined) => text === undefined || text.trim() === '';

/**
 * Rows (objects keyed by header) to readings in the stored units. Every row that yields nothing, and every cell
 * that cannot be read, is reported with its row number: nothing is dropped silently. A blank sensor cell in a wide
 * file is no reading, not a problem (historians leave gaps).
 */
export function convertRows(rows: Record<string, string>[], mapping: ColumnMapping, firstRow = 1): ConversionResult {
  const result: ConversionResult = { readings: [], problems: [] };
  rows.forEach((cells, index) => {
    convertRow(cells, firstRow + index, mapping, result);
  });
  return result;
}

function convertRow(cells: Record<string, string>, row: number, mapping: ColumnMapping, into: ConversionResult) {
  const problem = (reason: string) => into.problems.push({ row, reason });
  const valveTag = (cells[mapping.tag] ?? '').trim().toUpperCase();
  if (!valveTag) return problem('no valve tag');
  const rawTime = cells[mapping.timestamp] ?? '';
  const timestamp = parseTimestamp(rawTime, mapping.timeZone);
  if (!timestamp) return problem(isBlank(rawTime) ? 'no timestamp' : `timestamp '${rawTime.trim()}' not understood`);
  let quality: Quality | undefined;
  const rawQuality = mapping.quality ? (cells[mapping.quality] ?? '') : '';
  if (!isBlank(rawQuality)) {
    const parsed = parseQuality(rawQuality);
    if (!parsed) return problem(`quality '${rawQuality.trim()}' is not good, warning or critical`);
    quality = parsed;
  }
  const add = (sensorType: SensorType, rawValue: string) => {
    const value = parseNumber(rawValue);
    if (value === null) return problem(`${sensorType} '${rawValue.trim()}' is not a number`);
    const stored = toStoredUnit(sensorType, value, mapping.units);
    into.readings.push({ row, valveTag, timestamp, sensorType, value: stored, ...(quality && { quality }) });
  };

  if (mapping.layout === 'long') {
    const rawType = cells[mapping.sensorType] ?? '';
    const sensorType = parseSensorType(rawType);
    if (!sensorType) return problem(`sensor type '${rawType.trim()}' is not temperature, pressure or vibration`);
    const rawValue = cells[mapping.value] ?? '';
    return isBlank(rawValue) ? problem(`no ${sensorType} value`) : add(sensorType, rawValue);
  }
  const filled = SENSOR_TYPES.filter(
    (sensorType) => mapping.sensors[sensorType] && !isBlank(cells[mapping.sensors[sensorType]]),
  );
  const channels = mapping.channels.filter((c) => !isBlank(cells[c.column]));
  if (filled.length === 0 && channels.length === 0) return problem('no sensor values');
  for (const sensorType of filled) add(sensorType, cells[mapping.sensors[sensorType]]);
  for (const { column, channel, unit } of channels) {
    const value = parseNumber(cells[column]);
    if (value === null) problem(`${channel} '${cells[column].trim()}' is not a number`);
    else into.readings.push({ row, valveTag, timestamp, channel, unit, value, ...(quality && { quality }) });
  }
}

/**
 * Problems grouped by kind (the text in a cell varies, the kind of problem not), each with the first reason as its
 * example and every row it was seen in.
 */
export function groupProblems(problems: RowProblem[]): { example: string; rows: number[] }[] {
  const groups = new Map<string, { example: string; rows: number[] }>();
  for (const { row, reason } of problems) {
    const kind = reason.replace(/'[^']*'/, "'…'");
    const group = groups.get(kind) ?? { example: reason, rows: [] };
    group.rows.push(row);
    groups.set(kind, group);
  }
  return [...groups.values()].sort((a, b) => b.rows.length - a.rows.length);
}

/** Splits a list into runs of at most `size`, in order. */
export function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
