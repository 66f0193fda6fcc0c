import { importReport } from '@common/schemas/imports';
import { plan } from '@common/schemas/maintenance-plans';
import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenancePlans, valves } from '../../db/schema';
import { importUpload, csvFile as registerCsv } from '../../testing/import-upload';
import type { FilePart } from '../../testing/multipart';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 24 });
});
afterAll(() => t.close());

const csvFile = (rows: readonly (readonly (string | number)[])[], name = 'plans.csv') => registerCsv(rows, name);
const upload = (mode: string, file: FilePart | undefined, as: Persona = 'engineer') =>
  importUpload(t, 'plans', mode, file, { as });

/** A PM register as a maintenance planner keeps one: its own column names, the app's through the synonyms. */
const HEADER = [
  'PM title',
  'Priority',
  'Valve',
  'Type',
  'Site',
  'Tags',
  'Frequency',
  'First due',
  'Meter',
  'Meter every',
  'Procedure',
  'Assignee',
] as const;
const row = (title: string, cells: Partial<Record<(typeof HEADER)[number], string>> = {}) =>
  HEADER.map((h) => (h === 'PM title' ? title : (cells[h] ?? '')));

const WALKDOWN = 'Quarterly walkdown, V-001-BV';
const CHECKS = 'Stroke test, check valves, Chemical Plant C';
const ACTUATOR = 'Actuator service, V-007-GL';
const PACKING_B = 'Annual packing inspection, gate valves, Gas Plant B';
const STROKE_A = 'Quarterly stroke test, ball valves, Power Plant A';
const RISK = 'Inspect: failure risk above 30%';

const REGISTER = [
  HEADER,
  row(WALKDOWN, { Valve: 'v-001-bv', Frequency: '3 months', 'First due': '2027-01-15' }),
  row(CHECKS, {
    Type: 'check valve',
    Site: 'chemical plant c',
    Frequency: 'FREQ=MONTHLY;INTERVAL=6',
    'First due': '2027-02-01',
    Procedure: 'control valve stroke test',
    Assignee: 'Maria Santos',
  }),
  row(PACKING_B, { Priority: 'High', Frequency: '2 years' }),
  row(STROKE_A, { Frequency: 'RRULE:FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO' }),
  row(ACTUATOR, { Valve: 'V-007-GL', Meter: 'running hours', 'Meter every': '2,000 h' }),
  row('Walkdown, ghost valve', { Valve: 'V-999-XV', Frequency: '1 month', 'First due': '2027-01-01' }),
  row('Walkdown, Atlantis', { Site: 'Atlantis', Frequency: '1 month', 'First due': '2027-01-01' }),
  row('Teleporter service', { Type: 'Teleporter', Frequency: '1 year', 'First due': '2027-01-01' }),
  row('Often', { Valve: 'V-002-GV', Frequency: '6 fortnights', 'First due': '2027-01-01' }),
  row('Levitation', { Valve: 'V-002-GV', Frequency: '1 year', 'First due': '2027-01-01', Procedure: 'Levitation' }),
  row('Nobody', { Valve: 'V-002-GV', Frequency: '1 year', 'First due': '2027-01-01', Assignee: 'nobody@x.example' }),
  row(WALKDOWN.toUpperCase(), { Valve: 'V-001-BV', Frequency: '3 months', 'First due': '2027-01-15' }),
  row(RISK, { Priority: 'low' }),
  row('Nowhere', { Frequency: '1 year', 'First due': '2027-01-01' }),
  row('Both', { Valve: 'V-002-GV', Site: 'Gas Plant B', Frequency: '1 year', 'First due': '2027-01-01' }),
  row('Bad rule', { Valve: 'V-002-GV', Frequency: 'FREQ=HOURLY', 'First due': '2027-01-01' }),
];

const plansOf = () => t.db.select().from(maintenancePlans).where(eq(maintenancePlans.organizationId, 1));
const byTitle = async (title: string) => (await plansOf()).find((p) => p.title === title);

describe('POST /api/imports/plans', () => {
  it('checks a register in a dry run, names every refusal, and writes nothing', async () => {
    // Two plans of one title: a row naming it cannot say which it changes.
    const risk = await byTitle(RISK);
    const { id: _id, version: _v, ...copy } = risk as NonNullable<typeof risk>;
    await t.db.insert(maintenancePlans).values(copy);
    const before = await plansOf();

    const res = await upload('dry-run', csvFile([...REGISTER]));
    expect(res.statusCode).toBe(200);
    const report = importReport.parse(res.json());
    expect(report).toMatchObject({ rows: 16, create: 3, update: 1, unchanged: 1, blockedBy: null, applied: false });
    expect(report.creates).toEqual([
      { row: 1, key: WALKDOWN },
      { row: 2, key: CHECKS },
      { row: 5, key: ACTUATOR },
    ]);
    expect(report.changes).toEqual([
      {
        row: 3,
        key: PACKING_B,
        fields: [
          { field: 'priority', from: 'low', to: 'high' },
          { field: 'every', from: '1 year', to: '2 years' },
        ],
      },
    ]);
    expect(report.refused.map((r) => `${r.row} ${r.column}: ${r.message}`)).toEqual([
      '6 Valve: unknown valve V-999-XV',
      expect.stringMatching(/^7 Site: unknown plant "Atlantis": must be one of: .*Gas Plant B/),
      expect.stringMatching(/^8 Type: unknown valve type "Teleporter": must be one of: .*Gate Valve/),
      '9 Frequency: "6 fortnights" is not an interval we can read (3 months, 90 days, 1 year, quarterly, or FREQ=...)',
      '10 Procedure: unknown procedure "Levitation": name one of your procedures by its title',
      '11 Assignee: unknown person "nobody@x.example": name an active user of your organization by email or name',
      `12 PM title: "${WALKDOWN.toUpperCase()}" is also in row 1: a plan appears once in a file`,
      `13 PM title: 2 plans are titled "${RISK}": rename one so that the row names one plan`,
      '14 Valve: is required: name one valve (Valve), or a group (Valve type, Plant or Valve tags)',
      '15 Valve: name one valve, or a group by valve type, plant or tags, not both',
      '16 Frequency: "FREQ=HOURLY" is not a recurrence rule we can use: it must repeat DAILY, WEEKLY, MONTHLY or YEARLY',
    ]);
    expect(await plansOf()).toEqual(before);
  });

  it('applies the accepted rows through the plan commands, and the same file again is all unchanged', async () => {
    const packing = await byTitle(PACKING_B);
    const res = await upload('apply', csvFile([...REGISTER]));
    expect(res.statusCode).toBe(200);
    const report = importReport.parse(res.json());
    expect(report).toMatchObject({ create: 3, update: 1, unchanged: 1, applied: true });
    expect(report.refused).toHaveLength(11);

    const [v001, v007] = await Promise.all(
      ['V-001-BV', 'V-007-GL'].map(
        async (tag) =>
          (
            await t.db
              .select()
              .from(valves)
              .where(and(eq(valves.organizationId, 1), eq(valves.valveId, tag)))
          )[0].id,
      ),
    );
    const walkdown = await byTitle(WALKDOWN);
    expect(walkdown).toMatchObject({
      target: { valveId: v001 },
      trigger: { kind: 'calendar', every: { count: 3, unit: 'month' }, startDate: '2027-01-15', countFrom: 'fixed' },
      priority: 'medium',
      leadDays: 7,
      createdByUserId: 3,
    });
    // The first occurrence is the plan's own, computed as for a plan added by hand.
    const read = plan.parse((await t.get(`/api/maintenance-plans/${walkdown?.id}`, 'engineer')).json());
    expect(read.nextDueDay).toBe('2027-01-15');
    expect(await byTitle(CHECKS)).toMatchObject({
      target: { valveType: 'Check Valve', plant: 'Chemical Plant C' },
      trigger: { kind: 'calendar', rrule: 'FREQ=MONTHLY;INTERVAL=6', startDate: '2027-02-01' },
      procedureId: 1,
      assignedToUserId: 1,
      timeZone: 'America/New_York',
    });
    expect(await byTitle(ACTUATOR)).toMatchObject({
      target: { valveId: v007 },
      trigger: { kind: 'meter', meter: 'operating_hours', every: 2000, lead: 0 },
    });
    expect(await byTitle(PACKING_B)).toMatchObject({
      priority: 'high',
      trigger: { ...packing?.trigger, every: { count: 2, unit: 'year' } },
      version: (packing?.version ?? 0) + 1,
    });

    const again = importReport.parse((await upload('dry-run', csvFile([...REGISTER]))).json());
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: 5, changes: [], creates: [] });
    expect(again.refused).toEqual(report.refused);
  });

  it('writes nothing when a row fails while writing', async () => {
    await t.db.execute(sql`create function refuse_plan() returns trigger language plpgsql as $$
      begin if new.title = 'Boom' then raise exception 'disk on fire'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger refuse_plan before insert on maintenance_plans for each row execute function refuse_plan()`,
    );
    try {
      const before = await plansOf();
      const res = await upload(
        'apply',
        csvFile([
          HEADER,
          row('Fine one', { Valve: 'V-002-GV', Frequency: '1 year', 'First due': '2027-01-01' }),
          row(PACKING_B, { Priority: 'low' }),
          row('Boom', { Valve: 'V-002-GV', Frequency: '1 year', 'First due': '2027-01-01' }),
        ]),
      );
      expect(res.statusCode).toBe(500);
      expect(await plansOf()).toEqual(before);
    } finally {
      await t.db.execute(sql`drop trigger refuse_plan on maintenance_plans`);
      await t.db.execute(sql`drop function refuse_plan()`);
    }
  });

  it('answers bad input with a 4xx that says what is wrong', async () => {
    const good = csvFile([HEADER, row('Fine', { Valve: 'V-002-GV', Frequency: '1 year', 'First due': '2027-01-01' })]);
    const cases: [string, Awaited<ReturnType<typeof upload>>, number, RegExp][] = [
      ['a technician', await upload('dry-run', good, 'technician'), 403, /may not/],
      ['bad mode', await upload('maybe', good), 400, /dry-run or apply/],
      ['no title column', await upload('dry-run', csvFile([['Valve'], ['V-002-GV']])), 400, /Map a column to Title/],
    ];
    for (const [name, res, status, message] of cases) {
      expect({ name, status: res.statusCode }).toEqual({ name, status });
      expect(res.json().message).toMatch(message);
    }
  });
});

describe('GET /api/imports/plans/template', () => {
  it('answers a CSV whose header and example row the import reads back as one new plan', async () => {
    const res = await t.get('/api/imports/plans/template', 'engineer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="valveops-plans-template.csv"');
    const [header] = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, '')).data;
    expect(header.slice(0, 4)).toEqual(['Title', 'Description', 'Priority', 'Valve']);
    const dry = importReport.parse(
      (await upload('dry-run', { name: 'template.csv', type: 'text/csv', bytes: Buffer.from(res.body) })).json(),
    );
    expect(dry).toMatchObject({ rows: 1, create: 1, refused: [], mappingFrom: 'headers' });
    expect((await t.get('/api/imports/plans/template', 'technician')).statusCode).toBe(403);
  });
});
