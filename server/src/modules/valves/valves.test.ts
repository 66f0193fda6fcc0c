import { SAMPLE_VALVE_IDS, VALVE_TAG_MESSAGE } from '@common/constants';
import { valveDetail, valvePage, valveSummary } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 30 });
});
afterAll(() => t.close());

const get = (url: string) => t.get(url);

describe('GET /api/valves', () => {
  it('lists the organization’s valves in registration order, without the long manual texts', async () => {
    const res = await get('/api/valves');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(30);
    expect(body.slice(0, 5).map((v: { valveId: string }) => v.valveId)).toEqual([...SAMPLE_VALVE_IDS]);
    for (const v of body) expect(valveSummary.strict().safeParse(v).success).toBe(true);
  });

  it('filters by plant, type and status, each narrowing the list', async () => {
    const all = (await get('/api/valves')).json() as { plant: string; type: string; status: string }[];
    const res = await get('/api/valves?plant=Power%20Plant%20A&type=Ball%20Valve&status=active');
    expect(res.statusCode).toBe(200);
    const expected = all.filter((v) => v.plant === 'Power Plant A' && v.type === 'Ball Valve' && v.status === 'active');
    expect(res.json()).toHaveLength(expected.length);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('searches valve ID, model and system with q, case-insensitively, taking % literally', async () => {
    expect((await get('/api/valves?q=v-003')).json().map((v: { valveId: string }) => v.valveId)).toEqual(['V-003-CV']);
    const bySystem = (await get('/api/valves?q=cooling%20water')).json() as { system: string }[];
    for (const v of bySystem) expect(v.system).toBe('Cooling Water');
    expect((await get('/api/valves?q=%25')).json()).toEqual([]);
  });

  it('searches tag, type, manufacturer, model, plant, location and system: any case, order, part words', async () => {
    type Found = { valveId: string; type: string; manufacturer: string };
    const all = (await get('/api/valves')).json() as (Found & Record<string, string>)[];
    const found = async (q: string) =>
      ((await get(`/api/valves?q=${encodeURIComponent(q)}`)).json() as Found[]).map((v) => v.valveId).sort();
    const fisher = all.filter((v) => v.manufacturer === 'Emerson Fisher').map((v) => v.valveId);
    expect(fisher.length).toBeGreaterThan(0);
    expect(await found('Fisher')).toEqual(fisher.sort());
    expect(await found('fish emers')).toEqual(fisher.sort());
    const gates = all.filter((v) => v.type === 'Gate Valve').map((v) => v.valveId);
    expect(gates.length).toBeGreaterThan(1);
    expect(await found('gate')).toEqual(expect.arrayContaining(gates));
    expect(await found('VALVES gate')).toEqual(gates.sort());
    const gasB = all.filter((v) => v.plant === 'Gas Plant B' && v.type === 'Gate Valve').map((v) => v.valveId);
    expect(await found('gate plant b gas')).toEqual(gasB.sort());
    expect(await found('Fisher nosuchword')).toEqual([]);
  });

  it('pages with limit and cursor until nextCursor is null, covering every valve once', async () => {
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const res = await get(`/api/valves?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = valvePage.parse(res.json());
      seen.push(...page.items.map((v) => v.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
  });

  it.each([
    ['plant=Moon%20Base', 'plant must be one of'],
    ['type=Butterfly', 'type must be one of: Ball Valve, Gate Valve, Globe Valve, Check Valve, Butterfly Valve'],
    ['status=broken', 'status must be one of'],
    ['status=all', 'status must be one of'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=501', 'limit must be at most 500'],
    ['limit=ten', 'limit must be a number'],
    ['limit=2.5', 'limit must be a whole number'],
    ['cursor=-1', 'cursor must be a positive number'],
    ['cursor=99999999999', 'cursor is too large'],
    [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
  ])('rejects %s with 400 and says why', async (query, message) => {
    const res = await get(`/api/valves?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(res.json().issues.length).toBeGreaterThan(0);
  });
});

describe('GET /api/valves/:id', () => {
  it('returns the valve with every documentation field and its work orders', async () => {
    const res = await get('/api/valves/1');
    expect(res.statusCode).toBe(200);
    const valve = valveDetail.parse(res.json());
    expect(valve.valveId).toBe('V-001-BV');
    expect(valve.operatingManual).toMatch(/Torque Output:/);
    expect(valve.installationGuide).toMatch(/^TOOLING:$/m);
    expect(valve.workOrders.length).toBeGreaterThan(0);
    for (const w of valve.workOrders) expect(w.valve.id).toBe(1);
  });

  it('builds the detail with exactly the fields of the list page and of the work order detail', async () => {
    const listed = valvePage.parse((await get('/api/valves?limit=500')).json()).items;
    const detailKeys = Object.keys(valveDetail.shape).sort();
    let checkedOrders = 0;
    for (const summary of listed) {
      const detail = (await get(`/api/valves/${summary.id}`)).json();
      expect(Object.keys(detail).sort()).toEqual(detailKeys);
      expect(valveDetail.parse(detail)).toMatchObject(summary);
      for (const order of detail.workOrders) {
        // The detail adds the records, who approved and closed it and its cost to the summary a valve lists.
        const { maintenanceRecords, approvedByUser, closedByUser, cost, ...fromDetail } = (
          await get(`/api/work-orders/${order.id}`)
        ).json();
        expect(order).toEqual(fromDetail);
        checkedOrders++;
      }
    }
    // The demo data has orders of every status, with and without assignee and due date, some overdue.
    expect(checkedOrders).toBeGreaterThan(20);
  });

  it.each([
    ['abc', 400, 'id must be a number'],
    ['0', 400, 'id must be a positive number'],
    ['1.5', 400, 'id must be a whole number'],
    ['99999999999', 400, 'id is too large'],
    ['2000000', 404, TEXTS.valves.notFound],
  ])('GET /api/valves/%s → %i', async (id, status, message) => {
    const res = await get(`/api/valves/${id}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });

  it('does not show another organization’s valve: 404, as if it did not exist', async () => {
    const res = await get('/api/valves/31');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: TEXTS.valves.notFound });
  });
});

describe('GET /api/valves/valve-id/:valveId', () => {
  it('finds a valve by its tag, trimming what was typed and in any case', async () => {
    const res = await get('/api/valves/valve-id/%20v-002-gv%20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ valveId: 'V-002-GV', type: 'Gate Valve' }));
    expect(Object.keys(res.json()).sort()).toEqual(['id', 'location', 'plant', 'plantId', 'size', 'type', 'valveId']);
  });

  it('answers an unknown tag with 404 Valve not found and a malformed one with 400', async () => {
    const missing = await get('/api/valves/valve-id/V-999-BV');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TEXTS.valves.notFound);
    const malformed = await get('/api/valves/valve-id/FCV%23101');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(`valveId ${VALVE_TAG_MESSAGE}`);
  });
});
