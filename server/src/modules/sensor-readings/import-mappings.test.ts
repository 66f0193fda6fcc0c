import type { ImportColumnMapping } from '@common/schemas/import-mappings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 2 });
});
afterAll(() => t.close());

const URL = '/api/sensor-readings/import-mappings';
const mapping: ImportColumnMapping = {
  layout: 'wide',
  timestamp: 'time',
  tag: 'tag',
  sensors: { temperature: 'temp_c', pressure: '', vibration: '' },
  sensorType: '',
  value: '',
  quality: '',
  units: { temperature: '°C', pressure: 'PSI', vibration: 'mm/s' },
  timeZone: 'utc',
  channels: [
    { column: 'flow_lpm', channel: 'flow', unit: 'L/min' },
    { column: 'I_motor', channel: 'motor_current', unit: 'A' },
  ],
};

describe('CSV import mappings, kept per source and organization', () => {
  it('saves a mapping, replaces it on a second save, and lists it by source', async () => {
    const first = await send(t, 'PUT', URL, { source: 'Line 3 historian', mapping });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ source: 'Line 3 historian', mapping, updatedBy: expect.any(String) });
    const changed = { ...mapping, channels: [{ column: 'flow_lpm', channel: 'flow', unit: 'm3/h' }] };
    const second = await send(t, 'PUT', URL, { source: 'Line 3 historian', mapping: changed }, { as: 'engineer' });
    expect(second.statusCode).toBe(200);
    const list = await t.get(`${URL}?source=${encodeURIComponent('Line 3 historian')}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0].mapping.channels).toEqual(changed.channels);
    await send(t, 'PUT', URL, { source: 'columns: time|tag|flow', mapping });
    expect((await t.get(URL)).json().map((m: { source: string }) => m.source)).toEqual([
      'columns: time|tag|flow',
      'Line 3 historian',
    ]);
  });

  it("keeps each organization's mappings to itself", async () => {
    const theirs = await t.get(URL, 'otherOrganization');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
  });

  it('is for the roles that import readings', async () => {
    expect((await t.get(URL, 'technician')).statusCode).toBe(403);
    expect((await send(t, 'PUT', URL, { source: 'x', mapping }, { as: 'technician' })).statusCode).toBe(403);
    expect((await t.get(URL, null)).statusCode).toBe(401);
  });

  it('refuses bad input with a 400 that names it', async () => {
    const bad = async (body: unknown) => {
      const res = await send(t, 'PUT', URL, body);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await bad({ mapping })).toMatch(/source/);
    expect(await bad({ source: '   ', mapping })).toMatch(/source/);
    expect(await bad({ source: 'x'.repeat(501), mapping })).toMatch(/source/);
    expect(await bad({ source: 'a' })).toMatch(/mapping/);
    expect(await bad({ source: 'a', mapping: { ...mapping, layout: 'diagonal' } })).toMatch(/layout/);
    expect(
      await bad({
        source: 'a',
        mapping: { ...mapping, channels: [{ column: 'x', channel: 'flow', unit: 'furlongs' }] },
      }),
    ).toMatch(/unit/);
    expect(
      await bad({ source: 'a', mapping: { ...mapping, channels: [{ column: '', channel: 'flow', unit: 'A' }] } }),
    ).toMatch(/column/);
    expect(await bad({ source: 'a', mapping: { ...mapping, units: { ...mapping.units, pressure: 'atm' } } })).toMatch(
      /pressure/,
    );
    const query = await t.get(`${URL}?source=`);
    expect(query.statusCode).toBe(400);
  });
});
