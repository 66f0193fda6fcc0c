import { valveDetail } from '@common/schemas/valves';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/*
 * Sizes and pressure ratings as values (issue 30, decisions/104): the database reads them from the texts people
 * write, and filters compare them across NPS and DN, ASME classes and PN.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 6 });
}, 120_000);
afterAll(() => t.close());

const read = async (fn: string, text: string) =>
  (await t.db.select({ v: sql<string | number | null>`${sql.raw(fn)}(${text})` }).from(sql`(select 1) as one`))[0].v;

describe('reading a size and a rating', () => {
  // ISO 6708 / ASME B36.10M Table 1 pair NPS and DN; EN 1759-1 pairs ASME classes and PN.
  it.each([
    ['4"', 100, 4],
    ['4 in', 100, 4],
    ['NPS 6', 150, 6],
    ['1-1/2"', 40, 1.5],
    ['1 1/2 in', 40, 1.5],
    ['3/4"', 20, 0.75],
    ['2.5"', 65, 2.5],
    ['DN100', 100, 4],
    ['DN 90', 90, 3.5],
    ['200 mm', 200, 8],
    ['24"', 600, 24],
    // The band edges: the table's first and last rows, the first 25 × NPS size, sizes with no pair.
    ['1/8"', 6, 0.125],
    ['3-1/2"', 90, 3.5],
    ['DN 15', 15, 0.5],
    ['4.3 in', null, 4.3],
    ['DN 110', 110, null],
    ['4', null, null],
    ['large', null, null],
  ])('%s is DN %s, NPS %s', async (text, dn, nps) => {
    expect(await read('valve_size_dn', text)).toBe(dn);
    const npsRead = await read('valve_size_nps', text);
    expect(npsRead === null ? null : Number(npsRead)).toBe(nps);
  });

  it.each([
    ['Class 600 (1480 PSI)', 600, 110],
    ['ASME 300', 300, 50],
    ['600#', 600, 110],
    ['CL1500', 1500, 260],
    ['Class 800', 800, null],
    ['Class 125', 125, null],
    ['Class 400', 400, 68],
    ['ANSI 2500', 2500, 420],
    ['Class 4500', 4500, null],
    ['Class 700', null, null],
    ['PN40', null, 40],
    ['PN 16', null, 16],
    ['1500 PSI', null, null],
  ])('%s is class %s, PN %s', async (text, pressureClass, pn) => {
    expect(await read('valve_pressure_class', text)).toBe(pressureClass);
    expect(await read('valve_pressure_pn', text)).toBe(pn);
  });
});

const newValve = (valveId: string, size: string, pressure: string, over: Record<string, unknown> = {}) => ({
  valveId,
  type: 'Gate Valve',
  size,
  pressure,
  plant: 'Gas Plant B',
  location: 'Tank Farm, Line 40',
  system: 'Fuel Gas',
  manufacturer: 'Velan',
  model: 'G-1',
  ...over,
});

describe('valves with sizes, ratings and materials', () => {
  it('stores the values with the valve and answers them with its texts', async () => {
    const res = await send(
      t,
      'POST',
      '/api/valves',
      newValve('XV-4001', '6 in', 'Class 600', {
        bodyMaterial: 'ASTM A216 WCB',
        trimMaterial: '316 SS / Stellite',
        endConnection: 'Flanged RF',
      }),
      { as: 'engineer' },
    );
    expect(res.statusCode).toBe(201);
    expect(valveDetail.parse(res.json())).toMatchObject({
      size: '6 in',
      sizeDn: 150,
      sizeNps: 6,
      pressureClass: 600,
      pressurePn: 110,
      bodyMaterial: 'ASTM A216 WCB',
      endConnection: 'Flanged RF',
    });
    for (const [tag, size, pressure] of [
      ['XV-4002', 'DN 200', 'PN 160'],
      ['XV-4003', '2"', 'Class 900'],
      ['XV-4004', '8"', 'Class 150'],
      ['XV-4005', 'DN100', 'PN 100'],
    ]) {
      expect((await send(t, 'POST', '/api/valves', newValve(tag, size, pressure), { as: 'engineer' })).statusCode).toBe(
        201,
      );
    }
    const edit = await send(
      t,
      'PATCH',
      `/api/valves/${res.json().id}`,
      { version: 1, size: 'DN 250', bodyMaterial: null },
      { as: 'engineer' },
    );
    expect(edit.json()).toMatchObject({ sizeDn: 250, sizeNps: 10, bodyMaterial: null });
  });

  it('filters "4 in or larger and class 600 or higher", across NPS and DN, classes and PN', async () => {
    const tags = async (query: string) =>
      ((await t.get(`/api/valves?${query}`)).json() as { valveId: string }[])
        .map((v) => v.valveId)
        .filter((tag) => tag.startsWith('XV-'))
        .sort();
    expect(await tags(`minSize=${encodeURIComponent('4 in')}&minRating=${encodeURIComponent('Class 600')}`)).toEqual([
      'XV-4001',
      'XV-4002',
    ]);
    expect(await tags('minSize=DN100')).toEqual(['XV-4001', 'XV-4002', 'XV-4004', 'XV-4005']);
    expect(await tags('minRating=PN100')).toEqual(['XV-4001', 'XV-4002', 'XV-4003', 'XV-4005']);
    const page = (await t.get('/api/valves?minSize=DN200&limit=10')).json();
    const paged = page.items.map((v: { valveId: string; sizeDn: number }) => v);
    expect(paged.filter((v: { valveId: string }) => v.valveId.startsWith('XV-')).length).toBe(3);
    expect(paged.every((v: { sizeDn: number }) => v.sizeDn >= 200)).toBe(true);
  });

  it('answers 400 naming the filter for a size or rating it cannot read, and for a long material', async () => {
    const size = await t.get('/api/valves?minSize=huge');
    expect(size.statusCode).toBe(400);
    expect(size.json().message).toMatch(/minSize must be a nominal size such as 4 in/);
    const rating = await t.get(`/api/valves?minRating=${encodeURIComponent('1500 PSI')}`);
    expect(rating.statusCode).toBe(400);
    expect(rating.json().message).toMatch(/minRating must be a pressure class or PN/);
    const material = await send(
      t,
      'POST',
      '/api/valves',
      newValve('XV-4009', '2"', 'Class 150', { trimMaterial: 'x'.repeat(101) }),
      { as: 'engineer' },
    );
    expect(material.statusCode).toBe(400);
    expect(material.json().message).toMatch(/trimMaterial must be at most 100 characters/);
  });
});
