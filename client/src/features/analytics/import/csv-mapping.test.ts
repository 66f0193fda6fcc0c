import { describe, expect, it } from 'vitest';
import {
  applySavedMapping,
  type ColumnMapping,
  chunk,
  convertRows,
  groupProblems,
  guessMapping,
  headerSignature,
  mappingProblems,
  parseNumber,
  parseSensorType,
  parseTimestamp,
} from './csv-mapping';

const WIDE_HEADERS = ['Timestamp', 'Tag', 'Temp (degC)', 'Pressure [bar]', 'Vibration (mm/s)'];

describe('guessMapping', () => {
  it('reads a wide historian export as it is, units from the headers', () => {
    const mapping = guessMapping(WIDE_HEADERS);
    expect(mapping).toMatchObject({
      layout: 'wide',
      timestamp: 'Timestamp',
      tag: 'Tag',
      sensors: { temperature: 'Temp (degC)', pressure: 'Pressure [bar]', vibration: 'Vibration (mm/s)' },
      units: { temperature: '°C', pressure: 'bar', vibration: 'mm/s' },
    });
    expect(mappingProblems(mapping)).toEqual([]);
  });

  it('reads a long export (one reading per row)', () => {
    const mapping = guessMapping(['time', 'valve', 'sensor', 'value', 'quality']);
    expect(mapping).toMatchObject({
      layout: 'long',
      timestamp: 'time',
      tag: 'valve',
      sensorType: 'sensor',
      value: 'value',
      quality: 'quality',
      units: { temperature: '°F', pressure: 'PSI', vibration: 'mm/s' },
    });
    expect(mappingProblems(mapping)).toEqual([]);
  });

  it('says what is missing when the headers name nothing it knows', () => {
    expect(mappingProblems(guessMapping(['a', 'b']))).toEqual([
      'Choose the timestamp column.',
      'Choose the valve tag column.',
      'Choose the column of at least one sensor or channel.',
    ]);
  });

  it('guesses from names with units in them (issue 17 item 12)', () => {
    const mapping = guessMapping(['timestamp', 'valve_id', 'temperature_c', 'pressure_bar', 'vibration_mm_s']);
    expect(mapping).toMatchObject({
      layout: 'wide',
      tag: 'valve_id',
      sensors: { temperature: 'temperature_c', pressure: 'pressure_bar', vibration: 'vibration_mm_s' },
      units: { temperature: '°C', pressure: 'bar', vibration: 'mm/s' },
    });
    expect(guessMapping(['ts', 'valve-tag', 'temp_f', 'press_kpa', 'vib_in_s']).units).toEqual({
      temperature: '°F',
      pressure: 'kPa',
      vibration: 'in/s',
    });
  });

  it('spots kPa and in/s', () => {
    expect(guessMapping(['ts', 'tag', 'press kPa', 'vib in/s']).units).toMatchObject({
      pressure: 'kPa',
      vibration: 'in/s',
    });
  });
});

describe('parseTimestamp', () => {
  it('reads ISO instants with offsets', () => {
    expect(parseTimestamp('2026-11-20T14:00:00Z', 'utc')).toBe('2026-11-20T14:00:00.000Z');
    expect(parseTimestamp('2026-11-20T14:00:00+02:00', 'local')).toBe('2026-11-20T12:00:00.000Z');
    expect(parseTimestamp('2026-11-20 14:00:00-0530', 'utc')).toBe('2026-11-20T19:30:00.000Z');
  });

  it('reads a time without offset as UTC when told to, with seconds and fractions optional', () => {
    expect(parseTimestamp('2026-11-20 14:05', 'utc')).toBe('2026-11-20T14:05:00.000Z');
    expect(parseTimestamp(' 2026-11-20 14:05:07.25 ', 'utc')).toBe('2026-11-20T14:05:07.250Z');
  });

  it('reads a time without offset in the device zone when told to', () => {
    const expected = new Date(2026, 10, 20, 14, 5).toISOString();
    expect(parseTimestamp('2026-11-20 14:05', 'local')).toBe(expected);
  });

  it('reads Unix seconds and milliseconds', () => {
    expect(parseTimestamp('1795000000', 'utc')).toBe(new Date(1_795_000_000_000).toISOString());
    expect(parseTimestamp('1795000000123', 'utc')).toBe(new Date(1_795_000_000_123).toISOString());
  });

  it('refuses what it cannot read for certain', () => {
    for (const bad of ['', '03/04/2026 10:00', '2026-02-30 10:00', '2026-11-20 24:00', 'yesterday', '2026-13-01']) {
      expect(parseTimestamp(bad, 'utc'), bad).toBeNull();
    }
  });
});

describe('parseNumber and parseSensorType', () => {
  it('reads numbers the way historians write them', () => {
    expect(parseNumber(' 12.5 ')).toBe(12.5);
    expect(parseNumber('-3')).toBe(-3);
    expect(parseNumber('1,234.5')).toBe(1234.5);
    expect(parseNumber('1e3')).toBe(1000);
    for (const bad of ['', 'Bad Input', '#N/A', 'NaN', '12 psi', '1.2.3']) expect(parseNumber(bad), bad).toBeNull();
  });

  it('knows the three sensors by name or short name', () => {
    expect(['Temperature', 'temp', 'PRESSURE', 'press', 'vib', 'Vibration'].map(parseSensorType)).toEqual([
      'temperature',
      'temperature',
      'pressure',
      'pressure',
      'vibration',
      'vibration',
    ]);
    expect(parseSensorType('flow')).toBeNull();
  });
});

describe('convertRows', () => {
  const wide = guessMapping(WIDE_HEADERS);
  const row = (Timestamp: string, Tag: string, temp: string, pressure: string, vibration: string) => ({
    Timestamp,
    Tag,
    'Temp (degC)': temp,
    'Pressure [bar]': pressure,
    'Vibration (mm/s)': vibration,
  });

  it('turns a wide row into three readings in °F, PSI and mm/s', () => {
    const { readings, problems } = convertRows([row('2026-11-20 14:00', 'v-001-bv', '100', '10', '2.5')], wide);
    expect(problems).toEqual([]);
    expect(readings).toHaveLength(3);
    expect(readings[0]).toEqual({
      row: 1,
      valveTag: 'V-001-BV',
      timestamp: '2026-11-20T14:00:00.000Z',
      sensorType: 'temperature',
      value: 212,
    });
    expect(readings[1].value).toBeCloseTo(145.03774, 4);
    expect(readings[2].value).toBe(2.5);
  });

  it('skips blank cells quietly but reports every unreadable cell and empty row with its row number', () => {
    const { readings, problems } = convertRows(
      [
        row('2026-11-20 14:00', 'V-001-BV', '', '10', ''),
        row('2026-11-20 15:00', 'V-001-BV', 'Bad Input', '10', '2'),
        row('20/11/2026', 'V-001-BV', '1', '1', '1'),
        row('2026-11-20 16:00', '', '1', '1', '1'),
        row('2026-11-20 17:00', 'V-001-BV', '', '', ''),
      ],
      wide,
      2,
    );
    expect(readings.map((r) => [r.row, r.sensorType])).toEqual([
      [2, 'pressure'],
      [3, 'pressure'],
      [3, 'vibration'],
    ]);
    expect(problems).toEqual([
      { row: 3, reason: "temperature 'Bad Input' is not a number" },
      { row: 4, reason: "timestamp '20/11/2026' not understood" },
      { row: 5, reason: 'no valve tag' },
      { row: 6, reason: 'no sensor values' },
    ]);
  });

  it('reads a long file with quality, and reports unknown sensors and qualities', () => {
    const mapping: ColumnMapping = { ...guessMapping(['time', 'valve', 'sensor', 'value', 'quality']) };
    mapping.units = { temperature: '°F', pressure: 'kPa', vibration: 'in/s' };
    const { readings, problems } = convertRows(
      [
        { time: '2026-11-20T14:00:00Z', valve: 'V-002-GV', sensor: 'vibration', value: '0.1', quality: 'warning' },
        { time: '2026-11-20T14:00:00Z', valve: 'V-002-GV', sensor: 'pressure', value: '1000', quality: '' },
        { time: '2026-11-20T14:00:00Z', valve: 'V-002-GV', sensor: 'flow', value: '3', quality: '' },
        { time: '2026-11-20T14:00:00Z', valve: 'V-002-GV', sensor: 'temp', value: '80', quality: 'meh' },
        { time: '2026-11-20T14:00:00Z', valve: 'V-002-GV', sensor: 'temp', value: '', quality: '' },
      ],
      mapping,
    );
    expect(readings).toHaveLength(2);
    expect(readings[0]).toMatchObject({ sensorType: 'vibration', quality: 'warning' });
    expect(readings[0].value).toBeCloseTo(2.54, 10);
    expect(readings[1].value).toBeCloseTo(145.03774, 4);
    expect(readings[1]).not.toHaveProperty('quality');
    expect(problems.map((p) => p.reason)).toEqual([
      "sensor type 'flow' is not temperature, pressure or vibration",
      "quality 'meh' is not good, warning or critical",
      'no temperature value',
    ]);
  });
});

describe('groupProblems and chunk', () => {
  it('groups problems by kind, largest group first, keeping an example', () => {
    expect(
      groupProblems([
        { row: 1, reason: 'no valve tag' },
        { row: 2, reason: "temperature 'x' is not a number" },
        { row: 5, reason: "temperature 'y' is not a number" },
      ]),
    ).toEqual([
      { example: "temperature 'x' is not a number", rows: [2, 5] },
      { example: 'no valve tag', rows: [1] },
    ]);
  });

  it('splits into runs of at most the given size, in order', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 10)).toEqual([]);
  });
});

describe('channel columns and saved mappings (issue 19)', () => {
  const headers = ['time', 'tag', 'temp_c', 'flow_lpm', 'I_motor'];
  const mapping: ColumnMapping = {
    ...guessMapping(headers),
    channels: [
      { column: 'flow_lpm', channel: 'flow', unit: 'L/min' },
      { column: 'I_motor', channel: 'motor_current', unit: 'A' },
    ],
  };

  it('sends a channel column as read, with its channel and unit, beside the spec sensors', () => {
    const { readings, problems } = convertRows(
      [
        { time: '2026-03-01T10:00:00Z', tag: 'v-001-bv', temp_c: '20', flow_lpm: '612.5', I_motor: '' },
        { time: '2026-03-01T10:00:01Z', tag: 'V-001-BV', temp_c: '', flow_lpm: 'n/a', I_motor: '11.9' },
      ],
      mapping,
    );
    expect(readings).toEqual([
      { row: 1, valveTag: 'V-001-BV', timestamp: '2026-03-01T10:00:00.000Z', sensorType: 'temperature', value: 68 },
      {
        row: 1,
        valveTag: 'V-001-BV',
        timestamp: '2026-03-01T10:00:00.000Z',
        channel: 'flow',
        unit: 'L/min',
        value: 612.5,
      },
      {
        row: 2,
        valveTag: 'V-001-BV',
        timestamp: '2026-03-01T10:00:01.000Z',
        channel: 'motor_current',
        unit: 'A',
        value: 11.9,
      },
    ]);
    expect(problems).toEqual([{ row: 2, reason: "flow 'n/a' is not a number" }]);
  });

  it('says what a channel row lacks, and takes channels alone as enough', () => {
    const channelsOnly = { ...mapping, sensors: { temperature: '', pressure: '', vibration: '' } };
    expect(mappingProblems(channelsOnly)).toEqual([]);
    expect(
      mappingProblems({ ...mapping, channels: [{ column: 'flow_lpm', channel: 'flow rate!', unit: 'L/min' }] })[0],
    ).toMatch(/flow rate!/);
    expect(mappingProblems({ ...mapping, channels: [{ column: 'flow_lpm', channel: 'flow', unit: '' }] })).toEqual([
      'Choose the unit of channel flow.',
    ]);
  });

  it('applies a saved mapping only to a file that has every column it names', () => {
    expect(applySavedMapping(mapping, headers)).toEqual(mapping);
    expect(applySavedMapping(mapping, ['time', 'tag', 'temp_c', 'flow_lpm'])).toBeNull();
    expect(headerSignature([' time', 'tag '])).toBe('columns: time | tag');
  });
});
