import { importReport } from '@common/schemas/imports';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reliefDevices, reliefInstallations, reliefTags, users } from '../../db/schema';
import { forgetUserSessions } from '../../lib/sessions';
import { csvFile, importUpload } from '../../testing/import-upload';
import { send } from '../../testing/send';
import { createTestApp, PERSONAS, type Persona, type TestContext } from '../../testing/test-app';

/* Issue 32: relief valves (the serial-numbered devices) imported from a register, keyed by serial number. */

let t: TestContext;
const NAMEPLATE = {
  manufacturer: 'Crosby',
  model: 'JOS-E',
  orifice: 'H',
  inletSize: '1-1/2"',
  outletSize: '3"',
  capacity: '5,200 lb/h',
  codeStamp: 'UV',
  design: 'conventional',
  seatType: 'metal',
  code: 'asme-viii',
};
beforeAll(async () => {
  t = await createTestApp();
  for (const [serialNumber, setPressure, pressureUnit] of [
    ['DEV-1', 150, 'psi'],
    ['DEV-2', 10, 'bar'],
  ] as const) {
    const res = await send(
      t,
      'POST',
      '/api/relief-valves/devices',
      { serialNumber, setPressure, pressureUnit, ...NAMEPLATE },
      { as: 'engineer' },
    );
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const upload = (mode: string, rows: (string | number)[][], as: Persona = 'engineer') =>
  importUpload(t, 'relief-devices', mode, csvFile(rows), { as });

const deviceNamed = async (serial: string) => {
  const [row] = await t.db.select().from(reliefDevices).where(eq(reliefDevices.serialNumber, serial));
  return row;
};
const deviceCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(reliefDevices))[0].n;

const HEADER = ['S/N', 'Make', 'Model', 'Orifice', 'Inlet', 'Outlet', 'Set', 'Capacity', 'Stamp', 'Design', 'Seat'];
const HEADER_MORE = [...HEADER, 'Code', 'Fluid', 'Back pressure'];
const row = (serial: string, overrides: Partial<Record<(typeof HEADER_MORE)[number], string>> = {}) => {
  const base: Record<string, string> = {
    'S/N': serial,
    Make: 'Crosby',
    Model: 'JOS-E',
    Orifice: 'H',
    Inlet: '1-1/2"',
    Outlet: '3"',
    Set: '150 psi',
    Capacity: '5,200 lb/h',
    Stamp: 'UV',
    Design: 'conventional',
    Seat: 'metal',
    Code: 'ASME VIII',
    Fluid: '',
    'Back pressure': '',
  };
  return HEADER_MORE.map((h) => overrides[h] ?? base[h]);
};

const reasons = (report: { refused: { row: number; column: string; message: string }[] }) =>
  report.refused.map((r) => `${r.row} ${r.column}: ${r.message}`);

describe('POST /api/imports/relief-devices', () => {
  it('checks a register by the rules of adding and editing a relief valve by hand, and a dry run writes nothing', async () => {
    const before = await deviceCount();
    const res = await upload('dry-run', [
      HEADER_MORE,
      row('NEW-1', {
        Set: '10.3 barg',
        Design: 'Balanced bellows',
        Seat: 'soft seat',
        Fluid: 'Steam',
        'Back pressure': '1 bar',
      }),
      row('dev-1', { Model: 'JOS-E2', 'Back pressure': '15 psig' }),
      row('DEV-1'),
      row('NEW-2', { 'Back pressure': '2 bar' }),
      row('DEV-2', { Set: '150 psi' }),
      row('NEW-3', { Design: 'spring' }),
      row('NEW-4', { 'Back pressure': '200 psi' }),
      row('NEW-5', { Code: 'API 526', Set: '' }),
      row('DEV-2', { Set: '10 bar' }),
    ]);
    expect(res.statusCode).toBe(200);
    const report = importReport.parse(res.json());
    expect(report).toMatchObject({ rows: 9, create: 1, update: 1, unchanged: 0, applied: false, blockedBy: null });
    expect(report.mapping).toEqual({
      'S/N': 'serialNumber',
      Make: 'manufacturer',
      Model: 'model',
      Orifice: 'orifice',
      Inlet: 'inletSize',
      Outlet: 'outletSize',
      Set: 'setPressure',
      Capacity: 'capacity',
      Stamp: 'codeStamp',
      Design: 'design',
      Seat: 'seatType',
      Code: 'code',
      Fluid: 'serviceFluid',
      'Back pressure': 'superimposedBackPressure',
    });
    expect(report.creates).toEqual([{ row: 1, key: 'NEW-1' }]);
    expect(report.changes).toEqual([
      {
        row: 2,
        key: 'DEV-1',
        fields: [
          { field: 'model', from: 'JOS-E', to: 'JOS-E2' },
          { field: 'superimposedBackPressure', from: null, to: 15 },
        ],
      },
    ]);
    expect(reasons(report)).toEqual([
      '3 S/N: DEV-1 is also in row 2: a relief valve appears once in a file',
      "4 Back pressure: is in bar, but Set says psi: write a row's pressures in one unit",
      '5 Set: DEV-2 is set at 10 bar: it changes only when an engineer accepts the nameplate a tester found',
      '6 Design: must be conventional, bellows or pilot, not "spring"',
      '7 Back pressure: must be below the set pressure',
      '8 Code: must be ASME VIII (or XIII) or ASME I, not "API 526"',
      '8 Set: is required',
      '9 S/N: DEV-2 is also in row 5: a relief valve appears once in a file',
    ]);
    expect(await deviceCount()).toBe(before);
  });

  it('applies the accepted rows in one go, and the same file again changes nothing', async () => {
    const file = [
      HEADER_MORE,
      row('NEW-20', { Set: '10.3 barg', 'Back pressure': '1 bar', Fluid: 'gas' }),
      row('DEV-1', { Model: 'JOS-E3', 'Back pressure': '15 psig' }),
      row('NEW-21', { Design: 'spring' }),
    ];
    const applied = importReport.parse((await upload('apply', file)).json());
    expect(applied).toMatchObject({ rows: 3, create: 1, update: 1, unchanged: 0, applied: true });
    expect(reasons(applied)).toEqual(['3 Design: must be conventional, bellows or pilot, not "spring"']);
    expect(await deviceNamed('NEW-20')).toMatchObject({
      setPressureEntered: 10.3,
      pressureUnit: 'bar',
      setPressure: 149.39,
      superimposedBackPressure: 14.5,
      serviceFluid: 'gas',
      code: 'asme-viii',
    });
    expect(await deviceNamed('DEV-1')).toMatchObject({ model: 'JOS-E3', superimposedBackPressure: 15 });
    const again = importReport.parse((await upload('dry-run', file)).json());
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: 2, changes: [], creates: [] });
    expect(again.refused).toEqual(applied.refused);
  });

  it('writes nothing when a row fails while writing', async () => {
    await t.db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.serial_number = 'DEV-939' then raise exception 'disk on fire'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger refuse_boom before insert on relief_devices for each row execute function refuse_boom()`,
    );
    try {
      const before = await deviceCount();
      const res = await upload('apply', [
        HEADER_MORE,
        row('DEV-930'),
        row('DEV-2', { Set: '10 bar', Model: 'X' }),
        row('DEV-939'),
      ]);
      expect(res.statusCode).toBe(500);
      expect(await deviceCount()).toBe(before);
      expect((await deviceNamed('DEV-2')).model).toBe('JOS-E');
    } finally {
      await t.db.execute(sql`drop trigger refuse_boom on relief_devices`);
      await t.db.execute(sql`drop function refuse_boom()`);
    }
  });

  it('refuses a relief valve installed in a plant a plant-limited user does not manage', async () => {
    const [elsewhere] = await t.db
      .select({ serial: reliefDevices.serialNumber })
      .from(reliefDevices)
      .innerJoin(reliefInstallations, eq(reliefInstallations.deviceId, reliefDevices.id))
      .innerJoin(reliefTags, eq(reliefTags.id, reliefInstallations.tagId))
      .where(and(isNull(reliefInstallations.removedOn), ne(reliefTags.plant, 'Power Plant A')))
      .limit(1);
    expect(elsewhere).toBeDefined();
    const [limited] = await t.db.select().from(users).where(eq(users.email, PERSONAS.limited));
    await t.db.update(users).set({ role: 'engineer' }).where(eq(users.id, limited.id));
    forgetUserSessions(limited.id);
    try {
      const res = await upload('dry-run', [HEADER_MORE, row('DEV-940'), row(elsewhere.serial)], 'limited');
      const report = importReport.parse(res.json());
      expect(report.creates).toEqual([{ row: 1, key: 'DEV-940' }]);
      expect(reasons(report)).toEqual([`2 S/N: ${elsewhere.serial} is installed in a plant you may not manage`]);
    } finally {
      await t.db.update(users).set({ role: 'technician' }).where(eq(users.id, limited.id));
      forgetUserSessions(limited.id);
    }
  });

  it('answers bad input with a 4xx that says what is wrong', async () => {
    const cases: [string, Promise<Awaited<ReturnType<typeof upload>>>, number, RegExp][] = [
      ['no serial column', upload('dry-run', [['Make'], ['Crosby']]), 400, /Map a column to Serial number/],
      ['header only', upload('dry-run', [HEADER]), 400, /no rows under its header/],
      ['a technician', upload('dry-run', [HEADER, row('DEV-950')], 'technician'), 403, /may not/],
    ];
    for (const [name, response, status, message] of cases) {
      const res = await response;
      expect({ name, status: res.statusCode }).toEqual({ name, status });
      expect(res.json().message).toMatch(message);
    }
    const formula = importReport.parse((await upload('dry-run', [HEADER_MORE, row('=cmd()')])).json());
    expect(reasons(formula)).toEqual(['1 S/N: looks like a spreadsheet formula: type the value itself']);
  });
});

describe('GET /api/imports/relief-devices/template', () => {
  it('answers a CSV whose header the import reads back by itself', async () => {
    const res = await t.get('/api/imports/relief-devices/template', 'engineer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="valveops-relief-devices-template.csv"');
    const [header, example] = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, '')).data;
    expect(header.slice(0, 2)).toEqual(['Serial number', 'Manufacturer']);
    expect(example[0]).toBe('SN-2024-0101');
    const template = { name: 't.csv', type: 'text/csv', bytes: Buffer.from(res.body) };
    const dry = importReport.parse((await importUpload(t, 'relief-devices', 'dry-run', template)).json());
    expect(dry).toMatchObject({ rows: 1, create: 1, refused: [], mappingFrom: 'headers' });
  });
});
