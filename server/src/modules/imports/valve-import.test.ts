import { importReport } from '@common/schemas/imports';
import { valveDetail } from '@common/schemas/valves';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, valves } from '../../db/schema';
import { forgetUserSessions } from '../../lib/sessions';
import { csvFile, importUpload } from '../../testing/import-upload';
import type { FilePart } from '../../testing/multipart';
import { createTestApp, PERSONAS, type Persona, type TestContext } from '../../testing/test-app';
import { messyRegister, REGISTER_HEADER } from '../../testing/valve-register';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 24 });
});
afterAll(() => t.close());

const upload = (
  mode: string,
  file: FilePart | undefined,
  fields: Record<string, string> = {},
  as: Persona = 'engineer',
) => importUpload(t, 'valves', mode, file, { fields, as });

const HEADER = REGISTER_HEADER;
const row = (tag: string, overrides: Partial<Record<(typeof HEADER)[number], string | number>> = {}) => {
  const base: Record<string, string | number> = {
    Tag: tag,
    Type: 'Gate Valve',
    Size: '6"',
    Rating: 'Class 300',
    Site: 'Gas Plant B',
    Unit: 'Compressor Hall',
    System: 'Fuel Gas',
    Location: 'Compressor Hall, Line 7',
    Make: 'Velan',
    Model: 'GTW-300',
    Interval: '6 months',
    'Next due': '2027-03-14',
  };
  return HEADER.map((h) => overrides[h] ?? base[h]);
};

/**
 * The organization's valves from the database: the whole list the API answers is kept in memory until the database's
 * notice of a change arrives, which on PostgreSQL may be a moment after an apply has answered.
 */
const list = async () =>
  t.db
    .select({ id: valves.id, valveId: valves.valveId, status: valves.status, plant: valves.plant })
    .from(valves)
    .where(eq(valves.organizationId, 1));

describe('POST /api/imports/valves', () => {
  it('reads a messy register as a person meant it, and a dry run lists every refusal and writes nothing', async () => {
    const valves = await list();
    const known = valves.find((v) => v.status !== 'decommissioned' && v.plant === 'Gas Plant B') ?? valves[0];
    const gone = valves.find((v) => v.status === 'decommissioned');
    expect(gone).toBeDefined();
    const detail = valveDetail.parse((await t.get(`/api/valves/${known.id}`, 'admin')).json());
    const before = valves.length;
    const file = csvFile([
      HEADER,
      row('V-900-GV'),
      row('V-901-GV', { Interval: '1,095 days', 'Next due': '14.03.2027', Size: 'DN 150' }),
      row(known.valveId, {
        Type: detail.type,
        Size: detail.size,
        Rating: detail.pressure,
        Site: detail.plant,
        Unit: detail.area,
        System: detail.system,
        Location: 'Moved to bay 4',
        Make: detail.manufacturer,
        Model: detail.model,
        Interval: detail.maintenanceIntervalDays,
        'Next due': '',
      }),
      row('V-902-GV', { Site: 'Atlantis' }),
      row('V-903-GV', { Type: 'Teleporter' }),
      row('V-904-GV', { Size: 'big' }),
      row('V-905-GV', { Rating: '1500 PSI' }),
      row('V-900-GV'),
      row(gone?.valveId ?? '', { Location: 'Back again' }),
      row('V-906-GV', { Location: '=HYPERLINK("http://evil.example","click")' }),
      row('V-907-GV', { 'Next due': '03/04/2027' }),
      row('V-908-GV', { Interval: '6 fortnights' }),
      ['', '', '', '', '', '', '', '', '', '', '', ''],
      row('', {}),
    ]);
    const res = await upload('dry-run', file);
    expect(res.statusCode).toBe(200);
    const report = importReport.parse(res.json());
    expect(report).toMatchObject({
      rows: 13,
      create: 2,
      update: 1,
      unchanged: 0,
      applied: false,
      mappingFrom: 'headers',
    });
    expect(report.creates).toEqual([
      { row: 1, key: 'V-900-GV', valveId: 'V-900-GV' },
      { row: 2, key: 'V-901-GV', valveId: 'V-901-GV' },
    ]);
    expect(report.changes).toEqual([
      {
        row: 3,
        key: known.valveId,
        valveId: known.valveId,
        fields: [{ field: 'location', from: detail.location, to: 'Moved to bay 4' }],
      },
    ]);
    const reasons = report.refused.map((r) => `${r.row} ${r.column}: ${r.message}`);
    expect(reasons).toEqual([
      expect.stringMatching(/^4 Site: unknown plant "Atlantis": must be one of: .*Gas Plant B/),
      expect.stringMatching(/^5 Type: unknown type "Teleporter": must be one of: .*Gate Valve/),
      '6 Size: "big" is not a size we can read (4", NPS 4, 1-1/2", DN100, 100 mm)',
      '7 Rating: "1500 PSI" is not a pressure class we can read (Class 600, CL300, 600#, PN40)',
      '8 Tag: V-900-GV is also in row 1: a valve appears once in a file',
      `9 Tag: ${gone?.valveId} is decommissioned and can no longer be changed`,
      '10 Location: looks like a spreadsheet formula: type the value itself',
      '11 Next due: "03/04/2027" could be 2027-04-03 or 2027-03-04: write the date as YYYY-MM-DD',
      '12 Interval: "6 fortnights" is not in a unit of time (days, weeks, months, years)',
      '14 Tag: is required: it says which valve the row is',
    ]);
    expect(report.columns).toEqual(HEADER);
    expect(report.mapping).toMatchObject({
      Tag: 'valveId',
      Site: 'plant',
      Make: 'manufacturer',
      'Next due': 'nextMaintenance',
    });
    expect(report.preview[0][0]).toBe('V-900-GV');
    expect((await list()).length).toBe(before);
  });

  it('applies the accepted rows in one go, lists the same report, and remembers the mapping for the same columns', async () => {
    const header = [
      'Valve No.',
      'Kind',
      'NPS',
      'Class',
      'Plant',
      'Area',
      'Sys',
      'Where',
      'Maker',
      'Model',
      'Every',
      'Due',
    ];
    const mapping = {
      'Valve No.': 'valveId',
      Kind: 'type',
      NPS: 'size',
      Class: 'pressure',
      Plant: 'plant',
      Area: 'area',
      Sys: 'system',
      Where: 'location',
      Maker: 'manufacturer',
      Model: 'model',
      Every: 'maintenanceIntervalDays',
      Due: 'nextMaintenance',
    };
    const rows = [header, row('V-910-GV', { Interval: '1 year' }), row('V-911-GV', { Site: 'Nowhere' })];
    const first = await upload('apply', csvFile(rows), { mapping: JSON.stringify(mapping) });
    expect(first.statusCode).toBe(200);
    const report = importReport.parse(first.json());
    expect(report).toMatchObject({ rows: 2, create: 1, update: 0, applied: true, mappingFrom: 'request' });
    expect(report.refused).toHaveLength(1);
    const made = (await list()).find((v) => v.valveId === 'V-910-GV');
    expect(made).toBeDefined();
    const detail = valveDetail.parse((await t.get(`/api/valves/${made?.id}`, 'admin')).json());
    expect(detail).toMatchObject({
      maintenanceIntervalDays: 365,
      nextMaintenance: '2027-03-14',
      plant: 'Gas Plant B',
      area: 'Compressor Hall',
    });

    const again = await upload('dry-run', csvFile([header, row('V-910-GV', { Location: 'Line 8' })]));
    expect(importReport.parse(again.json())).toMatchObject({ mappingFrom: 'remembered', update: 1, create: 0 });
  });

  it('reads .xlsx: date cells, date serials, numbers with units and a formula shows its value', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Register');
    sheet.addRow(HEADER);
    sheet.addRow(row('V-920-GV', { 'Next due': '' })).getCell(12).value = new Date(Date.UTC(2027, 5, 1));
    const serial = sheet.addRow(row('V-921-GV', { Interval: 90 }));
    serial.getCell(12).value = 46_446; // 2027-02-28 as Excel counts days
    sheet.addRow(row('V-922-GV')).getCell(11).value = { formula: '30*6', result: 180 };
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload('apply', {
      name: 'register.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes,
    });
    expect(res.statusCode).toBe(200);
    expect(importReport.parse(res.json())).toMatchObject({ rows: 3, create: 3, refused: [] });
    const byTag = new Map((await list()).map((v) => [v.valveId, v]));
    const read = async (tag: string) =>
      valveDetail.parse((await t.get(`/api/valves/${byTag.get(tag)?.id}`, 'admin')).json());
    expect((await read('V-920-GV')).nextMaintenance).toBe('2027-06-01');
    expect(await read('V-921-GV')).toMatchObject({ nextMaintenance: '2027-02-28', maintenanceIntervalDays: 90 });
    expect((await read('V-922-GV')).maintenanceIntervalDays).toBe(180);
  });

  it('writes nothing when a row fails while writing', async () => {
    await t.db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.valve_id = 'V-939-GV' then raise exception 'disk on fire'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger refuse_boom before insert on valves for each row execute function refuse_boom()`,
    );
    try {
      const before = (await list()).length;
      const res = await upload(
        'apply',
        csvFile([HEADER, row('V-930-GV'), row('V-931-GV', { Location: 'Line 9' }), row('V-939-GV')]),
      );
      expect(res.statusCode).toBe(500);
      expect((await list()).length).toBe(before);
    } finally {
      await t.db.execute(sql`drop trigger refuse_boom on valves`);
      await t.db.execute(sql`drop function refuse_boom()`);
    }
  });

  it('refuses rows in plants a plant-limited user does not manage', async () => {
    // The demo's plant-limited user is a technician, who may not edit valves at all.
    expect((await upload('dry-run', csvFile([HEADER, row('V-940-GV')]), {}, 'limited')).statusCode).toBe(403);
    const [limited] = await t.db.select().from(users).where(eq(users.email, PERSONAS.limited));
    await t.db.update(users).set({ role: 'engineer' }).where(eq(users.id, limited.id));
    forgetUserSessions(limited.id);
    try {
      const other = (await list()).find((v) => v.plant !== 'Power Plant A' && v.status !== 'decommissioned');
      const res = await upload(
        'dry-run',
        csvFile([
          HEADER,
          row('V-940-GV'),
          row('V-941-GV', { Site: 'Power Plant A' }),
          row(other?.valveId ?? '', { Location: 'x' }),
        ]),
        {},
        'limited',
      );
      const report = importReport.parse(res.json());
      expect(report.creates).toEqual([{ row: 2, key: 'V-941-GV', valveId: 'V-941-GV' }]);
      expect(report.refused.map((r) => `${r.row} ${r.column}: ${r.message}`)).toEqual([
        '1 Site: you may only manage valves of Power Plant A',
        `3 Tag: ${other?.valveId} is a valve of ${other?.plant}, which you may not manage`,
      ]);
    } finally {
      await t.db.update(users).set({ role: 'technician' }).where(eq(users.id, limited.id));
      forgetUserSessions(limited.id);
    }
  });

  it('answers bad input with a 4xx that says what is wrong', async () => {
    const good = csvFile([HEADER, row('V-950-GV')]);
    const cases: [string, Promise<Awaited<ReturnType<typeof upload>>>, number, RegExp][] = [
      ['no mode', upload('', good), 400, /mode/],
      ['bad mode', upload('maybe', good), 400, /dry-run or apply/],
      ['no file', upload('dry-run', undefined), 400, /file is required/],
      ['mapping not JSON', upload('dry-run', good, { mapping: '{nope' }), 400, /JSON object/],
      [
        'mapping to a missing column',
        upload('dry-run', good, { mapping: '{"Tag No":"valveId"}' }),
        400,
        /does not have: "Tag No"/,
      ],
      [
        'mapping to an unknown field',
        upload('dry-run', good, { mapping: '{"Tag":"colour"}' }),
        400,
        /field valves do not have: "colour"/,
      ],
      [
        'two columns to one field',
        upload('dry-run', good, { mapping: '{"Tag":"valveId","Make":"valveId"}' }),
        400,
        /Two columns/,
      ],
      ['no ID column', upload('dry-run', csvFile([['Plant'], ['Gas Plant B']])), 400, /Map a column to Valve ID/],
      ['header only', upload('dry-run', csvFile([HEADER])), 400, /no rows under its header/],
      [
        'no header',
        upload('dry-run', { name: 'empty.csv', type: 'text/csv', bytes: Buffer.from('\n\n') }),
        400,
        /first row must name the columns/,
      ],
      [
        'a column twice',
        upload(
          'dry-run',
          csvFile([
            ['Tag', 'tag'],
            ['V-1', 'V-2'],
          ]),
        ),
        400,
        /appears twice/,
      ],
      [
        'not a workbook',
        upload('dry-run', { name: 'register.xlsx', type: 'application/octet-stream', bytes: Buffer.from('hello') }),
        400,
        /not an .xlsx workbook/,
      ],
      [
        'a broken workbook',
        upload('dry-run', {
          name: 'register.xlsx',
          type: 'application/octet-stream',
          bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(64, 7)]),
        }),
        400,
        /could not be read/,
      ],
      ['a technician', upload('dry-run', good, {}, 'technician'), 403, /may not/],
    ];
    for (const [name, response, status, message] of cases) {
      const res = await response;
      expect({ name, status: res.statusCode }).toEqual({ name, status });
      expect(res.json().message).toMatch(message);
    }
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/imports/valves?mode=dry-run',
      payload: { rows: [] },
      headers: { cookie: await t.cookie('engineer') },
    });
    expect(notMultipart.statusCode).toBe(415);
    const unknownKind = await t.app.inject({
      method: 'POST',
      url: '/api/imports/pumps?mode=dry-run',
      headers: { cookie: await t.cookie('engineer') },
    });
    expect(unknownKind.statusCode).toBe(404);
    expect(unknownKind.json().message).toMatch(/No import of "pumps"/);
  });

  it('refuses a 50 MB file without reading it all', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 'a');
    const res = await upload('dry-run', { name: 'huge.csv', type: 'text/csv', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/at most 20 MB/);
  });
});

describe('a register of 10,000 rows', () => {
  it('is checked by a dry run and written by apply, with the same counts', async () => {
    const register = messyRegister(10_000);
    const file = { name: 'register.csv', type: 'text/csv', bytes: Buffer.from(Papa.unparse(register.rows)) };
    const dry = importReport.parse((await upload('dry-run', file)).json());
    expect(dry).toMatchObject({ ...register.expected, refused: expect.any(Array), update: 0, unchanged: 0 });
    expect(dry.refused).toHaveLength(register.expected.refused);
    expect(new Set(dry.refused.map((r) => r.column))).toEqual(new Set(['Site', 'Size', 'Tag', 'Location']));
    const before = (await list()).length;
    const applied = importReport.parse((await upload('apply', file)).json());
    expect({ ...applied, applied: true }).toEqual({ ...dry, applied: true });
    expect((await list()).length).toBe(before + register.expected.create);
    const again = importReport.parse((await upload('dry-run', file)).json());
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: register.expected.create });
  }, 120_000);
});

describe('GET /api/imports/valves/template', () => {
  it('answers a CSV whose header the import reads back by itself, with an example row in the organization names', async () => {
    const res = await t.get('/api/imports/valves/template', 'engineer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="valveops-valves-template.csv"');
    const [header, example] = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, '')).data;
    expect(header.slice(0, 3)).toEqual(['Valve ID', 'Type', 'Size']);
    const dry = importReport.parse(
      (await upload('dry-run', { name: 'template.csv', type: 'text/csv', bytes: Buffer.from(res.body) })).json(),
    );
    expect(dry).toMatchObject({ rows: 1, create: 1, refused: [], mappingFrom: 'headers' });
    expect(example[0]).toBe('V-101-GV');
    expect((await t.get('/api/imports/valves/template', 'technician')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/imports/valves/template' })).statusCode).toBe(401);
  });
});
