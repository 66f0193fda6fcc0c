import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSources } from '../../app';
import { sensorReadings, users, valves, workOrders } from '../../db/schema';
import { createTestApp, PERSONAS, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
});
afterAll(() => t.close());

/** The CSV's lines as arrays of cells (papaparse reads it back), the headings first. */
async function csvOf(url: string, persona: Persona = 'supervisor') {
  const res = await t.get(url, persona);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const parsed = Papa.parse<string[]>(res.body.trimEnd(), { header: false });
  expect(parsed.errors).toEqual([]);
  return { res, header: parsed.data[0], rows: parsed.data.slice(1) };
}

/** The xlsx's first sheet read back by exceljs: the headings, and each row's values. */
async function xlsxOf(url: string, persona: Persona = 'supervisor') {
  const res = await t.get(url, persona);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const values: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => values.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return { res, header: values[0], rows: values.slice(1) };
}

const today = () => new Date().toISOString().slice(0, 10);

describe('exports of the lists', () => {
  it('sends the valve list as CSV, with its filters, as a dated attachment', async () => {
    const list = (await t.get('/api/valves')).json() as { valveId: string; plant: string; status: string }[];
    const { res, header, rows } = await csvOf('/api/exports/valves');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="valveops-valves-${today()}.csv"`);
    expect(header.slice(0, 5)).toEqual(['Valve ID', 'Type', 'Size', 'Pressure rating', 'Plant']);
    expect(rows.map((r) => r[0])).toEqual(list.map((v) => v.valveId));

    const plant = list[0].plant;
    const filtered = await csvOf(`/api/exports/valves?plant=${encodeURIComponent(plant)}&format=csv`);
    expect(filtered.rows.length).toBe(list.filter((v) => v.plant === plant).length);
    expect(new Set(filtered.rows.map((r) => r[4]))).toEqual(new Set([plant]));
  });

  it('sends the valve list as xlsx that Excel (exceljs) reads back', async () => {
    const { res, header, rows } = await xlsxOf('/api/exports/valves?format=xlsx');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="valveops-valves-${today()}.xlsx"`);
    expect(header).toContain('Valve ID');
    expect(header).toContain('Status');
    expect(rows.some((r) => r[0] === 'V-001-BV')).toBe(true);
  });

  it("keeps a plant-limited user's export to their plants, like their list", async () => {
    const list = (await t.get('/api/valves', 'limited')).json() as { valveId: string }[];
    const all = (await t.get('/api/valves')).json() as unknown[];
    expect(list.length).toBeLessThan(all.length);
    const { rows } = await csvOf('/api/exports/valves', 'limited');
    expect(rows.map((r) => r[0])).toEqual(list.map((v) => v.valveId));
    const orders = await csvOf('/api/exports/work-orders', 'limited');
    const listed = (await t.get('/api/work-orders', 'limited')).json() as { workOrderId: string }[];
    expect(orders.rows.map((r) => r[0]).sort()).toEqual(listed.map((w) => w.workOrderId).sort());
    const readings = await csvOf('/api/exports/readings', 'limited');
    const tags = new Set(list.map((v) => v.valveId));
    expect(readings.rows.every((r) => tags.has(r[0]))).toBe(true);
    // Another organization's export is its own list.
    const theirs = (await t.get('/api/valves', 'otherOrganization')).json() as { valveId: string }[];
    const other = await csvOf('/api/exports/valves', 'otherOrganization');
    expect(other.rows.map((r) => r[0])).toEqual(theirs.map((v) => v.valveId));
  });

  it('sends work orders as CSV and xlsx, filtered by status, priority and time', async () => {
    const list = (await t.get('/api/work-orders')).json() as {
      workOrderId: string;
      status: string;
      priority: string;
    }[];
    const csv = await csvOf('/api/exports/work-orders');
    expect(csv.header).toEqual([
      'Work order ID',
      'Title',
      'Status',
      'Overdue',
      'Priority',
      'Valve ID',
      'Plant',
      'Assigned to',
      'Due',
      'Created',
      'Completed',
    ]);
    expect(csv.rows.map((r) => r[0]).sort()).toEqual(list.map((w) => w.workOrderId).sort());
    expect(csv.rows[0][9]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const completed = await csvOf('/api/exports/work-orders?status=completed&priority=high');
    const expected = list.filter((w) => w.status === 'completed' && w.priority === 'high');
    expect(completed.rows.length).toBe(expected.length);
    expect(completed.rows.every((r) => r[2] === 'Completed' && r[4] === 'High')).toBe(true);

    expect((await csvOf('/api/exports/work-orders?to=2000-01-01')).rows).toEqual([]);
    expect((await csvOf('/api/exports/work-orders?from=2000-01-01&to=2999-12-31')).rows.length).toBe(list.length);

    const xlsx = await xlsxOf('/api/exports/work-orders?format=xlsx');
    expect(xlsx.header[0]).toBe('Work order ID');
    expect(xlsx.rows.length).toBe(list.length);
    // Instants are date cells in the workbook.
    expect(xlsx.rows[0][9]).toBeInstanceOf(Date);
  });

  it('sends relief valve tests as CSV and xlsx', async () => {
    const csv = await csvOf('/api/exports/relief-tests');
    expect(csv.header.slice(0, 3)).toEqual(['Test date', 'Tag', 'Plant']);
    expect(csv.rows.length).toBeGreaterThan(0);
    expect(csv.rows[0][0]).toMatch(/^\d{4}-\d\d-\d\d$/);
    const drafts = await csvOf('/api/exports/relief-tests?status=draft');
    expect(drafts.rows.every((r) => r[12] === 'Draft')).toBe(true);
    const xlsx = await xlsxOf('/api/exports/relief-tests?format=xlsx');
    expect(xlsx.header).toContain('Set pressure (psi)');
    expect(xlsx.rows.length).toBe(csv.rows.length);
    expect(typeof xlsx.rows[0][6]).toBe('number');
    const limited = await csvOf('/api/exports/relief-tests', 'limited');
    expect(limited.rows.every((r) => r[2] === 'Power Plant A' || r[2] === '')).toBe(true);
  });

  it('sends sensor readings across many pages, in key order, none twice', async () => {
    const [supervisor] = await t.db.select().from(users).where(eq(users.email, PERSONAS.supervisor));
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sensorReadings)
      .where(eq(sensorReadings.organizationId, supervisor.organizationId));
    expect(count.n).toBeGreaterThan(2500);
    const csv = await csvOf('/api/exports/readings');
    expect(csv.header).toEqual(['Valve ID', 'Plant', 'Sensor', 'Time', 'Value', 'Quality']);
    expect(csv.rows.length).toBe(count.n);
    const keys = csv.rows.map((r) => `${r[0]}|${r[2]}|${r[3]}`);
    expect(new Set(keys).size).toBe(keys.length);

    const one = await csvOf('/api/exports/readings?valve=V-001-BV&sensor=temperature&from=2026-11-19&to=2026-11-19');
    expect(one.rows.length).toBe(24);
    const times = one.rows.map((r) => r[3]);
    expect([...times].sort()).toEqual(times);
    const xlsx = await xlsxOf(
      '/api/exports/readings?format=xlsx&valve=V-001-BV&sensor=temperature&from=2026-11-19&to=2026-11-19',
    );
    expect(xlsx.rows.length).toBe(24);
    expect(typeof xlsx.rows[0][4]).toBe('number');
  });

  it('neutralizes formula-looking text in CSV and xlsx, and leaves negative numbers numbers', async () => {
    const [valve] = await t.db
      .update(valves)
      .set({ location: '=HYPERLINK("http://x")', model: '-2+3', manufacturer: '@SUM(A1)' })
      .where(eq(valves.valveId, 'V-001-BV'))
      .returning({ id: valves.id });
    const at = new Date('2026-11-21T00:00:00Z');
    await t.db.insert(sensorReadings).values({
      organizationId: (await t.db.select().from(valves).where(eq(valves.id, valve.id)))[0].organizationId,
      valveId: valve.id,
      sensorType: 'temperature',
      timestamp: at,
      value: -5.5,
    });

    const csv = await t.get('/api/exports/valves?q=V-001-BV');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv.body).toContain(",'-2+3,");
    expect(csv.body).toContain("'@SUM(A1)");
    const rows = (await csvOf('/api/exports/valves?q=V-001-BV')).rows;
    expect(rows[0][7]).toBe(`'=HYPERLINK("http://x")`);

    const xlsx = await xlsxOf('/api/exports/valves?format=xlsx&q=V-001-BV');
    expect(xlsx.rows[0][7]).toBe(`'=HYPERLINK("http://x")`);

    const readings = await t.get(
      '/api/exports/readings?valve=V-001-BV&sensor=temperature&from=2026-11-21T00:00:00Z&to=2026-11-21T00:00:00Z',
    );
    expect(readings.body.split('\r\n')[1]).toMatch(/,-5\.5,good$/);
    const sheet = await xlsxOf(
      '/api/exports/readings?format=xlsx&valve=V-001-BV&sensor=temperature&from=2026-11-21T00:00:00Z&to=2026-11-21T00:00:00Z',
    );
    expect(sheet.rows[0][4]).toBe(-5.5);
  });

  it('pages through a large list: every work order once, in the order they were raised', async () => {
    const [valve] = await t.db.select().from(valves).where(eq(valves.valveId, 'V-002-GV'));
    const rows = Array.from({ length: 2_345 }, (_, i) => ({
      organizationId: valve.organizationId,
      workOrderId: `WO-2099-${String(i + 1).padStart(5, '0')}`,
      valveId: valve.id,
      title: `Bulk ${i}`,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(workOrders).values(rows.slice(i, i + 500));
    const list = (await t.get('/api/work-orders')).json() as unknown[];
    const csv = await csvOf('/api/exports/work-orders');
    expect(csv.rows.length).toBe(list.length);
    const ids = csv.rows.map((r) => r[0]);
    expect(new Set(ids).size).toBe(ids.length);
    const bulk = ids.filter((id) => id.startsWith('WO-2099-'));
    expect(bulk).toEqual(rows.map((r) => r.workOrderId));
    const xlsx = await xlsxOf('/api/exports/work-orders?format=xlsx');
    expect(xlsx.rows.map((r) => r[0])).toEqual(ids);
  });

  it("exports the organization's audit trail to admins, in words", async () => {
    const csv = await csvOf('/api/exports/audit', 'admin');
    expect(csv.header).toEqual([
      'When (UTC)',
      'Who',
      'Device',
      'Record',
      'Record number',
      'Action',
      'Field',
      'From',
      'To',
    ]);
    expect(csv.rows.length).toBeGreaterThan(0);
    const updates = await csvOf('/api/exports/audit?action=update', 'admin');
    expect(updates.rows.every((r) => r[5] === 'changed')).toBe(true);
    const xlsx = await xlsxOf('/api/exports/audit?format=xlsx&action=update', 'admin');
    expect(xlsx.rows.length).toBe(updates.rows.length);
    expect((await t.get('/api/exports/audit', 'supervisor')).statusCode).toBe(403);
  });
});

describe('bad requests to the exports', () => {
  it.each([
    ['/api/exports/valves?format=pdf', 'format'],
    ['/api/exports/valves?status=broken', 'status'],
    [`/api/exports/valves?q=${'x'.repeat(101)}`, 'q'],
    ['/api/exports/work-orders?status=overdue', 'status'],
    ['/api/exports/work-orders?priority=urgent', 'priority'],
    ['/api/exports/work-orders?from=yesterday', 'from'],
    ['/api/exports/work-orders?from=2026-12-01&to=2026-11-01', 'from'],
    ['/api/exports/work-orders?plant=a,b', 'plant'],
    ['/api/exports/relief-tests?status=approved', 'status'],
    ['/api/exports/relief-tests?to=2026-13-01', 'to'],
    ['/api/exports/readings?from=2026-11-01T10:00', 'from'],
    ['/api/exports/readings?valve=', 'valve'],
    ['/api/exports/audit?action=truncate', 'action'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const res = await t.get(url, 'admin');
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; issues: { path: string }[] };
    expect(body.message).toMatch(/^Invalid query: /);
    expect(body.issues.map((i) => i.path)).toContain(field);
  });

  it('answers 404 for a kind that is not exported, 401 without a session', async () => {
    const res = await t.get('/api/exports/passwords');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'No export named passwords: the exports are valves, work-orders, relief-tests, readings, audit, parts-reorder, bad-actors',
    );
    expect((await t.get('/api/exports/valves', null)).statusCode).toBe(401);
  });

  it('refuses the trail to those who may not export the raw log, and to plant-limited users', async () => {
    expect((await t.get('/api/exports/audit', 'technician')).json().message).toBe(
      'Your role (technician) may not do this.',
    );
    expect((await t.get('/api/exports/audit', 'engineer')).statusCode).toBe(403);
    // An admin limited to a plant is refused the trail, which crosses every plant.
    const trail = exportSources.find((source) => source.kind === 'audit');
    expect(trail?.refusal({ organizationId: 1, plants: ['Power Plant A'] })).toMatch(/History tab/);
    expect(trail?.refusal({ organizationId: 1, plants: null })).toBeNull();
  });
});
