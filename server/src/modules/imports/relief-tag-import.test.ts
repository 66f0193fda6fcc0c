import { RELIEF_VALVE_TYPE } from '@common/constants';
import { importReport } from '@common/schemas/imports';
import { and, eq, ne, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reliefTags, users, valves } from '../../db/schema';
import { forgetUserSessions } from '../../lib/sessions';
import { csvFile, importUpload } from '../../testing/import-upload';
import { send } from '../../testing/send';
import { createTestApp, PERSONAS, type Persona, type TestContext } from '../../testing/test-app';

/* Issue 32: relief valve positions imported from a register, keyed by the tag people see. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  for (const [tag, plant] of [
    ['PSV-T1', 'Gas Plant B'],
    ['PSV-T2', 'Gas Plant B'],
    ['PSV-T3', 'Gas Plant B'],
  ]) {
    const res = await send(
      t,
      'POST',
      '/api/relief-valves/tags',
      {
        tag,
        plant,
        setPressure: 150,
        protectedEquipment: 'V-1 Separator',
        service: 'Fuel gas',
        intervalRule: 'fixed',
        intervalMonths: 24,
      },
      { as: 'engineer' },
    );
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const upload = (mode: string, rows: (string | number)[][], as: Persona = 'engineer') =>
  importUpload(t, 'relief-tags', mode, csvFile(rows), { as });

const tagNamed = async (tag: string) => {
  const [row] = await t.db.select().from(reliefTags).where(eq(reliefTags.tag, tag));
  return row;
};
const tagCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(reliefTags))[0].n;

/** Two valve records of Gas Plant B: one made its safety relief valve, the other of another type. */
async function valvesOfPlant() {
  const found = await t.db
    .select({ id: valves.id, valveId: valves.valveId, type: valves.type })
    .from(valves)
    .where(and(eq(valves.plant, 'Gas Plant B'), eq(valves.organizationId, 1), ne(valves.type, RELIEF_VALVE_TYPE)))
    .limit(2);
  expect(found).toHaveLength(2);
  await t.db.update(valves).set({ type: RELIEF_VALVE_TYPE }).where(eq(valves.id, found[0].id));
  return { relief: found[0], other: found[1] };
}

const HEADER = ['PSV Tag', 'Site', 'Valve', 'Set', 'Equipment', 'Service', 'Interval', 'Rule'];
const row = (tag: string, overrides: Partial<Record<(typeof HEADER)[number], string>> = {}) => {
  const base: Record<string, string> = {
    'PSV Tag': tag,
    Site: 'Gas Plant B',
    Valve: '',
    Set: '150 psi',
    Equipment: 'V-1 Separator',
    Service: 'Fuel gas',
    Interval: '24',
    Rule: 'fixed',
  };
  return HEADER.map((h) => overrides[h] ?? base[h]);
};

const reasons = (report: { refused: { row: number; column: string; message: string }[] }) =>
  report.refused.map((r) => `${r.row} ${r.column}: ${r.message}`);

describe('POST /api/imports/relief-tags', () => {
  it('checks a register by the rules of adding and editing a tag by hand, and a dry run writes nothing', async () => {
    const { relief, other } = await valvesOfPlant();
    const before = await tagCount();
    const res = await upload('dry-run', [
      HEADER,
      row('PSV-900', {
        Valve: relief.valveId.toLowerCase(),
        Set: '10.3 barg',
        Equipment: 'D-101 Drum',
        Interval: '2 years',
        Rule: 'risk based',
      }),
      row('psv-t1', { Equipment: 'V-1 Separator (relined)', Interval: '36 months' }),
      row('PSV-901', { Site: 'Atlantis' }),
      row('PSV-902', { Valve: 'V-999-XX' }),
      row('PSV-903', { Set: 'high' }),
      row('PSV-900'),
      row('PSV-T2', { Set: '200 psi' }),
      row('PSV-T3', { Site: 'Power Plant A' }),
      row('PSV-904', { Service: '=HYPERLINK("http://evil.example","click")' }),
      row('PSV-905', { Valve: other.valveId }),
      row('PSV-906', { Set: '150 psia', Interval: '2 fortnights' }),
      row('PSV-T3', {}),
    ]);
    expect(res.statusCode).toBe(200);
    const report = importReport.parse(res.json());
    expect(report).toMatchObject({ rows: 12, create: 1, update: 1, unchanged: 0, applied: false, blockedBy: null });
    expect(report.mapping).toEqual({
      'PSV Tag': 'tag',
      Site: 'plant',
      Valve: 'valve',
      Set: 'setPressure',
      Equipment: 'protectedEquipment',
      Service: 'service',
      Interval: 'intervalMonths',
      Rule: 'intervalRule',
    });
    expect(report.creates).toEqual([{ row: 1, key: 'PSV-900' }]);
    expect(report.changes).toEqual([
      {
        row: 2,
        key: 'PSV-T1',
        fields: [
          { field: 'protectedEquipment', from: 'V-1 Separator', to: 'V-1 Separator (relined)' },
          { field: 'intervalMonths', from: 24, to: 36 },
        ],
      },
    ]);
    expect(reasons(report)).toEqual([
      expect.stringMatching(/^3 Site: unknown plant "Atlantis": must be one of: .*Gas Plant B/),
      '4 Valve: unknown valve ID "V-999-XX": no valve of yours has it',
      '5 Set: must be a number, not "high"',
      '6 PSV Tag: PSV-900 is also in row 1: a tag appears once in a file',
      "7 Set: PSV-T2 is set at 150 psi: a tag's set pressure does not change (another set is another tag)",
      '8 Site: PSV-T3 is a tag of Gas Plant B: a position in another plant is another tag',
      '9 Service: looks like a spreadsheet formula: type the value itself',
      `10 Valve: ${other.valveId} is a ${other.type}, not a safety relief valve`,
      '11 Set: "150 psia" has a unit we do not read here (psi, psig, bar, barg, kpa, kpag, mpa, mpag)',
      '11 Interval: "2 fortnights" is not in months or years',
      '12 PSV Tag: PSV-T3 is also in row 8: a tag appears once in a file',
    ]);
    expect(await tagCount()).toBe(before);
  });

  it('applies the accepted rows in one go, and the same file again changes nothing', async () => {
    const file = [
      HEADER,
      row('PSV-920', { Set: '10.3 barg', Interval: '2 years', Rule: 'RBI' }),
      row('PSV-T2', { Service: 'Flare header' }),
      row('PSV-921', { Site: 'Atlantis' }),
    ];
    const applied = importReport.parse((await upload('apply', file)).json());
    expect(applied).toMatchObject({ rows: 3, create: 1, update: 1, unchanged: 0, applied: true });
    expect(reasons(applied)).toEqual([expect.stringMatching(/^3 Site: unknown plant "Atlantis"/)]);
    expect(await tagNamed('PSV-920')).toMatchObject({
      plant: 'Gas Plant B',
      setPressureEntered: 10.3,
      pressureUnit: 'bar',
      setPressure: 149.39,
      intervalRule: 'risk-based',
      intervalMonths: 24,
      currentIntervalMonths: 24,
    });
    expect(await tagNamed('PSV-T2')).toMatchObject({ service: 'Flare header' });
    const again = importReport.parse((await upload('dry-run', file)).json());
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: 2, changes: [], creates: [] });
    expect(again.refused).toEqual(applied.refused);
  });

  it('writes nothing when a row fails while writing', async () => {
    await t.db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.tag = 'PSV-939' then raise exception 'disk on fire'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger refuse_boom before insert on relief_tags for each row execute function refuse_boom()`,
    );
    try {
      const before = await tagCount();
      const res = await upload('apply', [
        HEADER,
        row('PSV-930'),
        row('PSV-T1', { Service: 'Changed, then undone' }),
        row('PSV-939'),
      ]);
      expect(res.statusCode).toBe(500);
      expect(await tagCount()).toBe(before);
      expect((await tagNamed('PSV-T1')).service).not.toBe('Changed, then undone');
    } finally {
      await t.db.execute(sql`drop trigger refuse_boom on relief_tags`);
      await t.db.execute(sql`drop function refuse_boom()`);
    }
  });

  it('refuses rows in plants a plant-limited user does not manage', async () => {
    const [limited] = await t.db.select().from(users).where(eq(users.email, PERSONAS.limited));
    await t.db.update(users).set({ role: 'engineer' }).where(eq(users.id, limited.id));
    forgetUserSessions(limited.id);
    try {
      const res = await upload(
        'dry-run',
        [HEADER, row('PSV-940'), row('PSV-941', { Site: 'Power Plant A' }), row('PSV-T1', { Service: 'x' })],
        'limited',
      );
      const report = importReport.parse(res.json());
      expect(report.creates).toEqual([{ row: 2, key: 'PSV-941' }]);
      expect(reasons(report)).toEqual([
        '1 Site: you may only manage relief valves of Power Plant A',
        '3 PSV Tag: PSV-T1 is a tag of Gas Plant B, which you may not manage',
      ]);
    } finally {
      await t.db.update(users).set({ role: 'technician' }).where(eq(users.id, limited.id));
      forgetUserSessions(limited.id);
    }
  });

  it('answers bad input with a 4xx that says what is wrong', async () => {
    const cases: [string, Promise<Awaited<ReturnType<typeof upload>>>, number, RegExp][] = [
      ['no tag column', upload('dry-run', [['Site'], ['Gas Plant B']]), 400, /Map a column to Tag/],
      ['header only', upload('dry-run', [HEADER]), 400, /no rows under its header/],
      ['a technician', upload('dry-run', [HEADER, row('PSV-950')], 'technician'), 403, /may not/],
    ];
    for (const [name, response, status, message] of cases) {
      const res = await response;
      expect({ name, status: res.statusCode }).toEqual({ name, status });
      expect(res.json().message).toMatch(message);
    }
    const blankKey = importReport.parse((await upload('dry-run', [HEADER, row('', { Service: 'x' })])).json());
    expect(reasons(blankKey)).toEqual(['1 PSV Tag: is required: it says which relief valve position the row is']);
    const overMax = await upload('dry-run', [
      [...HEADER, 'Max interval'],
      [...row('PSV-960', { Interval: '48' }), '36'],
      [...row('PSV-961', { Interval: '11 years' }), ''],
    ]);
    expect(reasons(importReport.parse(overMax.json()))).toEqual([
      '1 Max interval: must not be below the interval',
      '2 Interval: must be at most 120 months',
    ]);
  });
});

describe('GET /api/imports/relief-tags/template', () => {
  it('answers a CSV whose header the import reads back by itself, with an example row in the organization names', async () => {
    const res = await t.get('/api/imports/relief-tags/template', 'engineer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="valveops-relief-tags-template.csv"');
    const [header, example] = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, '')).data;
    expect(header.slice(0, 4)).toEqual(['Tag', 'Plant', 'Valve ID', 'Set pressure']);
    expect(example[0]).toBe('PSV-101');
    const dry = importReport.parse(
      (
        await importUpload(t, 'relief-tags', 'dry-run', {
          name: 't.csv',
          type: 'text/csv',
          bytes: Buffer.from(res.body),
        })
      ).json(),
    );
    expect(dry).toMatchObject({ rows: 1, create: 1, refused: [], mappingFrom: 'headers' });
    expect((await t.get('/api/imports/relief-tags/template', 'technician')).statusCode).toBe(403);
  });
});
