import { movement, part, store } from '@common/schemas/parts';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partMovements, plants } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
const ids = { plantA: 0, plantB: 0, storeA: 0, storeB: 0, seatRing: 0 };
const PART_NUMBER = 'T-SR-2040';

const plantId = async (name: string) => {
  const [row] = await t.db
    .select({ id: plants.id })
    .from(plants)
    .where(and(eq(plants.organizationId, 1), eq(plants.name, name)));
  return row.id;
};
const post = (url: string, body: unknown, as: Persona = 'supervisor') => send(t, 'POST', url, body, { as });
const partOf = (res: { json(): unknown }) => part.strict().parse(res.json());

beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  ids.plantA = await plantId('Power Plant A');
  ids.plantB = await plantId('Gas Plant B');
  const a = await post('/api/stores', { name: 'Test crib', plantId: ids.plantA });
  const b = await post('/api/stores', { name: 'Test crib', plantId: ids.plantB });
  expect(a.statusCode, a.body).toBe(201);
  ids.storeA = a.json().id;
  ids.storeB = b.json().id;
  const made = await post('/api/parts', {
    partNumber: PART_NUMBER,
    name: 'Seat ring, 4 in, 316 SS',
    manufacturer: 'Fisher',
    unit: 'each',
    unitCost: 412.5,
    minimumStock: 4,
    fitsModels: ['Fisher ED', 'Fisher EZ', 'Fisher ED'],
  });
  expect(made.statusCode, made.body).toBe(201);
  ids.seatRing = made.json().id;
});
afterAll(() => t.close());

describe('stores', () => {
  it('adds a store at a plant and lists it for who may see the plant', async () => {
    const list = (await t.get('/api/stores')).json();
    expect(list.map((s: unknown) => store.strict().parse(s))).toContainEqual({
      id: ids.storeA,
      name: 'Test crib',
      plantId: ids.plantA,
      plant: 'Power Plant A',
      parts: expect.any(Number),
      reorderContact: null,
    });
    const limited = (await t.get('/api/stores', 'limited')).json() as { plant: string }[];
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((s) => s.plant === 'Power Plant A')).toBe(true);
  });

  it.each([
    [{ name: 'Test crib', plantId: 0 }, 409, 'unique per plant'],
    [{ name: 'Van 3', plantId: 999999 }, 404, 'Plant not found'],
    [{ name: '', plantId: 1 }, 400, 'name'],
    [{ plantId: 1 }, 400, 'name'],
  ])('refuses %j with %i', async (body, status, words) => {
    const res = await post('/api/stores', { ...body, plantId: body.plantId === 0 ? ids.plantA : body.plantId });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 409) expect(res.json().message).toBe('Power Plant A already has a store named Test crib.');
    if (status === 404) expect(res.json().message).toBe(words);
    if (status === 400) expect(res.json().issues[0].path).toBe(words);
  });

  it('is for supervisors, engineers and admins; technicians get 403', async () => {
    const res = await post('/api/stores', { name: 'Van 9', plantId: ids.plantA }, 'technician');
    expect(res.statusCode).toBe(403);
  });
});

describe('parts', () => {
  it('answers a new part in the contract, in the organization’s currency, its models once each', async () => {
    const res = await t.get(`/api/parts/${ids.seatRing}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(partOf(res)).toMatchObject({
      partNumber: PART_NUMBER,
      unit: 'each',
      unitCost: 412.5,
      currency: 'USD',
      minimumStock: 4,
      fitsModels: ['Fisher ED', 'Fisher EZ'],
      onHand: 0,
      available: 0,
      belowMinimum: true,
      version: 1,
    });
  });

  it.each([
    [{ partNumber: PART_NUMBER, name: 'x', unit: 'each', unitCost: 1 }, 409, ''],
    [{ partNumber: 'X-1', name: 'x', unit: 'crate', unitCost: 1 }, 400, 'unit'],
    [{ partNumber: 'X-1', name: 'x', unit: 'each', unitCost: -1 }, 400, 'unitCost'],
    [{ partNumber: 'X-1', name: 'x', unit: 'each', unitCost: 1.005 }, 400, 'unitCost'],
    [{ partNumber: 'X-1', name: 'x', unit: 'each', unitCost: 1, minimumStock: -2 }, 400, 'minimumStock'],
    [{ partNumber: '', name: 'x', unit: 'each', unitCost: 1 }, 400, 'partNumber'],
  ])('refuses %j with %i', async (body, status, path) => {
    const res = await post('/api/parts', body);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 409) expect(res.json().message).toBe(`Part number ${PART_NUMBER} is already in the catalog.`);
    else expect(res.json().issues[0].path).toBe(path);
  });

  it('refuses technicians (403) and unknown or foreign ids (404)', async () => {
    const body = { partNumber: 'X-2', name: 'x', unit: 'each', unitCost: 1 };
    expect((await post('/api/parts', body, 'technician')).statusCode).toBe(403);
    expect((await t.get('/api/parts/999999')).statusCode).toBe(404);
    expect((await t.get(`/api/parts/${ids.seatRing}`, 'otherOrganization')).json()).toEqual({
      message: 'Part not found',
    });
    expect((await t.get('/api/parts/abc')).statusCode).toBe(400);
  });

  it('changes fields on the version read, and says 409 with the part as it is on a stale one', async () => {
    const ok = await send(t, 'PATCH', `/api/parts/${ids.seatRing}`, {
      version: 1,
      description: 'Hardened trim',
      bins: [{ storeId: ids.storeA, bin: 'A-03-2' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(partOf(ok)).toMatchObject({ description: 'Hardened trim', version: 2 });
    expect(partOf(ok).stock).toContainEqual(expect.objectContaining({ storeId: ids.storeA, bin: 'A-03-2' }));
    const stale = await send(t, 'PATCH', `/api/parts/${ids.seatRing}`, { version: 1, name: 'Old copy' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ version: 2, name: 'Seat ring, 4 in, 316 SS' });
    const nothing = await send(t, 'PATCH', `/api/parts/${ids.seatRing}`, { version: 2 });
    expect(nothing.statusCode).toBe(400);
    const noVersion = await send(t, 'PATCH', `/api/parts/${ids.seatRing}`, { name: 'x' });
    expect(noVersion.json().issues).toContainEqual({
      path: 'version',
      message: 'is required (the version you changed)',
    });
    const foreignBin = await send(t, 'PATCH', `/api/parts/${ids.seatRing}`, {
      version: 2,
      bins: [{ storeId: 999999, bin: 'x' }],
    });
    expect(foreignBin.statusCode).toBe(404);
  });
});

describe('receipts and count adjustments', () => {
  it('receives into a store, costs the part at the delivery’s price, and writes the ledger', async () => {
    const res = await post(`/api/parts/${ids.seatRing}/receipts`, {
      storeId: ids.storeA,
      quantity: 6,
      unitCost: 398,
      reference: 'PO-7781',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(partOf(res)).toMatchObject({ onHand: 6, available: 6, unitCost: 398, belowMinimum: false });
    const moves = (await t.get(`/api/parts/${ids.seatRing}/movements`)).json();
    expect(movement.strict().parse(moves[0])).toMatchObject({
      kind: 'receipt',
      quantity: 6,
      unitCost: 398,
      reason: 'PO-7781',
      store: 'Test crib',
      workOrderId: null,
    });
  });

  it('corrects a count with a reason, signed by who counted', async () => {
    const res = await post(`/api/parts/${ids.seatRing}/adjustments`, {
      storeId: ids.storeA,
      quantity: -1,
      reason: 'Cracked in the bin',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(partOf(res).onHand).toBe(5);
    const [latest] = (await t.get(`/api/parts/${ids.seatRing}/movements`)).json();
    expect(latest).toMatchObject({ kind: 'adjustment', quantity: -1, reason: 'Cracked in the bin' });
    expect(latest.by).toMatch(/\S/);
    const [row] = await t.db
      .select({ id: partMovements.id })
      .from(partMovements)
      .where(eq(partMovements.id, latest.id));
    const audited = await t.db
      .select({ userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'part_movements'), eq(auditLog.rowId, String(row.id))));
    expect(audited).toHaveLength(1);
    expect(audited[0].userId).not.toBeNull();
    // The part's History tells the movement in words: what, how much, why.
    const history = await t.get(`/api/history/parts/${ids.seatRing}?order=newest&limit=5`);
    expect(history.statusCode, history.body).toBe(200);
    const body = history.json();
    const entries = (Array.isArray(body) ? body : body.entries) as { changes: { field: string; toText: string }[] }[];
    const counted = entries.find((e) =>
      e.changes.some((c) => c.field === 'reason' && c.toText === 'Cracked in the bin'),
    );
    expect(counted?.changes).toContainEqual(expect.objectContaining({ field: 'quantity', toText: '-1' }));
  });

  it.each([
    [
      { storeId: 0, quantity: -100, reason: 'lost' },
      409,
      /^The count would leave -95 of T-SR-2040 .*: less than none\.$/,
    ],
    [{ storeId: 0, quantity: 2 }, 400, 'reason'],
    [{ storeId: 0, quantity: 0, reason: 'x' }, 400, 'quantity'],
    [{ storeId: 0, quantity: 0.0001, reason: 'x' }, 400, 'quantity'],
    [{ storeId: 999999, quantity: 1, reason: 'x' }, 404, 'Store not found'],
  ])('refuses the adjustment %j with %i', async (body, status, expected) => {
    const res = await post(`/api/parts/${ids.seatRing}/adjustments`, {
      ...body,
      storeId: body.storeId || ids.storeA,
    });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 400) expect(res.json().issues[0].path).toBe(expected);
    else if (expected instanceof RegExp) expect(res.json().message).toMatch(expected);
    else expect(res.json().message).toBe(expected);
  });

  it.each<[Record<string, unknown>, number]>([
    [{ storeId: 0, quantity: -1 }, 400],
    [{ storeId: 0, quantity: 'two' }, 400],
    [{ quantity: 1 }, 400],
    [{ storeId: 999999, quantity: 1 }, 404],
  ])('refuses the receipt %j with %i', async (body, status) => {
    const res = await post(`/api/parts/${ids.seatRing}/receipts`, {
      ...body,
      ...(body.storeId === 0 && { storeId: ids.storeA }),
    });
    expect(res.statusCode, res.body).toBe(status);
  });

  it('keeps receipts and counts to supervisors, engineers and admins, and to stores of one’s plants', async () => {
    const body = { storeId: ids.storeA, quantity: 1 };
    expect((await post(`/api/parts/${ids.seatRing}/receipts`, body, 'technician')).statusCode).toBe(403);
    expect((await post(`/api/parts/${ids.seatRing}/receipts`, body, 'otherOrganization')).statusCode).toBe(404);
    expect((await post(`/api/parts/999999/receipts`, body)).statusCode).toBe(404);
  });
});

describe('the catalog’s filters and the reorder list', () => {
  it('finds by text, model, store and minimum; the limited user sees only their plants’ stock', async () => {
    const numbers = async (query: string, as: Persona = 'supervisor') =>
      ((await t.get(`/api/parts?${query}`, as)).json() as { partNumber: string }[]).map((p) => p.partNumber);
    expect(await numbers('q=316 ss')).toContain(PART_NUMBER);
    expect(await numbers('q=fisher ez')).toContain(PART_NUMBER);
    expect(await numbers('fits=fisher ed')).toContain(PART_NUMBER);
    expect(await numbers('fits=Fisher E')).not.toContain(PART_NUMBER);
    expect(await numbers(`storeId=${ids.storeA}`)).toContain(PART_NUMBER);
    expect(await numbers(`storeId=${ids.storeB}`)).not.toContain(PART_NUMBER);
    expect(await numbers('belowMinimum=false')).toContain(PART_NUMBER);
    expect((await t.get('/api/parts?belowMinimum=maybe')).statusCode).toBe(400);
    expect((await t.get('/api/parts?storeId=x')).statusCode).toBe(400);
    await post(`/api/parts/${ids.seatRing}/receipts`, { storeId: ids.storeB, quantity: 2 });
    const seen = (await t.get(`/api/parts/${ids.seatRing}`, 'limited')).json();
    expect(seen.stock.map((s: { store: string; plant: string }) => s.plant)).toEqual(['Power Plant A']);
    expect(seen.onHand).toBe(5);
  });

  it('lists and exports as CSV the parts whose available stock is under their minimum', async () => {
    await post(`/api/parts/${ids.seatRing}/adjustments`, { storeId: ids.storeA, quantity: -4, reason: 'Count' });
    const reorder = (await t.get('/api/parts/reorder')).json() as { partNumber: string; available: number }[];
    expect(reorder.find((p) => p.partNumber === PART_NUMBER)).toMatchObject({ available: 3 });
    const limited = (await t.get('/api/parts/reorder', 'limited')).json() as { partNumber: string }[];
    expect(limited.map((p) => p.partNumber)).toContain(PART_NUMBER);
    const csv = await t.get('/api/exports/parts-reorder?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>(csv.body.trimEnd()).data;
    expect(header.slice(0, 3)).toEqual(['Part number', 'Name', 'Manufacturer']);
    const line = rows.find((r) => r[0] === PART_NUMBER);
    expect(line?.[header.indexOf('To order')]).toBe('1');
    const ofB = await t.get(`/api/exports/parts-reorder?plant=${encodeURIComponent('Gas Plant B')}`);
    const rowsB = Papa.parse<string[]>(ofB.body.trimEnd()).data.slice(1);
    expect(rowsB.find((r) => r[0] === PART_NUMBER)?.[header.indexOf('Available')]).toBe('2');
  });
});
