import { describe, expect, it } from 'vitest';
import {
  KeptBells,
  KeptOrganizationLists,
  KeptValveDetails,
  KeptWorkOrderDetails,
  parseBellChange,
  parseValveChange,
} from './kept-reads';

const everyPlant = { organizationId: 1, plants: null };
const read = (json = '{"id":7}', plant = 'Power Plant A', nextDueMs: number | null = null) => ({
  json,
  organizationId: 1,
  plant,
  nextDueMs,
});

function hearingCache() {
  const cache = new KeptValveDetails();
  cache.listening(true);
  return cache;
}

describe('KeptValveDetails', () => {
  it('keeps nothing while it does not hear the database', () => {
    const cache = new KeptValveDetails();
    cache.keep(7, read(), cache.stamp);
    expect(cache.get(7, everyPlant)).toBeUndefined();
    cache.listening(true);
    cache.keep(7, read(), cache.stamp);
    expect(cache.get(7, everyPlant)).toBe('{"id":7}');
    cache.listening(false);
    expect(cache.get(7, everyPlant)).toBeUndefined();
  });

  it('shows a kept valve only to its organization, and to a plant-limited user only in their plants', () => {
    const cache = hearingCache();
    cache.keep(7, read(), cache.stamp);
    expect(cache.get(7, { organizationId: 2, plants: null })).toBeUndefined();
    expect(cache.get(7, { organizationId: 1, plants: ['Power Plant B'] })).toBeUndefined();
    expect(cache.get(7, { organizationId: 1, plants: ['Power Plant A'] })).toBe('{"id":7}');
  });

  it("drops a valve on its notice, an organization's valves on '<organization>:*', every valve on '*'", () => {
    const cache = hearingCache();
    cache.keep(7, read(), cache.stamp);
    cache.keep(8, read('{"id":8}'), cache.stamp);
    cache.keep(9, { ...read('{"id":9}'), organizationId: 2 }, cache.stamp);
    cache.changed(parseValveChange('1:7'));
    expect(cache.get(7, everyPlant)).toBeUndefined();
    expect(cache.get(8, everyPlant)).toBe('{"id":8}');
    cache.changed(parseValveChange('1:*'));
    expect(cache.get(8, everyPlant)).toBeUndefined();
    expect(cache.size).toBe(1);
    cache.changed(parseValveChange('*'));
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that began before a notice: it may predate the change', () => {
    const cache = hearingCache();
    const stamp = cache.stamp;
    cache.changed(parseValveChange('1:9'));
    cache.keep(7, read(), stamp);
    expect(cache.get(7, everyPlant)).toBeUndefined();
  });

  it('lets an entry go when an open work order falls due (its overdue flag changes), else after five minutes', () => {
    const cache = hearingCache();
    const now = Date.parse('2026-11-21T12:00:00Z');
    cache.keep(7, read('{"id":7}', 'Power Plant A', now + 60_000), cache.stamp, now);
    expect(cache.get(7, everyPlant, now + 59_999)).toBe('{"id":7}');
    expect(cache.get(7, everyPlant, now + 60_000)).toBeUndefined();
    cache.keep(8, read('{"id":8}'), cache.stamp, now);
    expect(cache.get(8, everyPlant, now + 299_999)).toBe('{"id":8}');
    expect(cache.get(8, everyPlant, now + 300_000)).toBeUndefined();
  });
});

describe('parseValveChange', () => {
  it('reads the organization and the valve, and takes anything it does not know for "anything changed"', () => {
    expect(parseValveChange('3:17')).toEqual({ organizationId: 3, valveId: 17 });
    expect(parseValveChange('3:*')).toEqual({ organizationId: 3, valveId: null });
    for (const payload of ['*', '', '17', '3:', 'x:1', '3:17:1']) {
      expect(parseValveChange(payload)).toEqual({ organizationId: null, valveId: null });
    }
  });
});

describe('KeptOrganizationLists', () => {
  it("keeps an organization's list until a notice for it, and only while notices are heard", () => {
    const lists = new KeptOrganizationLists();
    lists.keep(1, { json: '[]' }, lists.stamp);
    expect(lists.get(1)).toBeUndefined();
    lists.listening(true);
    const stamp = lists.stamp;
    lists.keep(1, { json: '[{"id":7}]' }, stamp);
    lists.keep(2, { json: '[{"id":8}]' }, stamp);
    expect(lists.get(1)).toBe('[{"id":7}]');
    expect(lists.get(3)).toBeUndefined();
    lists.changed(parseValveChange('2:8'));
    expect(lists.get(2)).toBeUndefined();
    expect(lists.get(1)).toBe('[{"id":7}]');
    lists.changed(parseValveChange('*'));
    expect(lists.get(1)).toBeUndefined();
    lists.keep(1, { json: '[{"id":7}]' }, stamp);
    expect(lists.get(1)).toBeUndefined();
  });

  it('lets a list go when one of its open work orders falls due, else after five minutes', () => {
    const lists = new KeptOrganizationLists();
    lists.listening(true);
    const now = Date.parse('2026-11-21T12:00:00Z');
    lists.keep(1, { json: '[1]', nextDueMs: now + 60_000 }, lists.stamp, now);
    expect(lists.get(1, now + 59_999)).toBe('[1]');
    expect(lists.get(1, now + 60_000)).toBeUndefined();
    lists.keep(2, { json: '[2]', nextDueMs: null }, lists.stamp, now);
    expect(lists.get(2, now + 299_999)).toBe('[2]');
    expect(lists.get(2, now + 300_000)).toBeUndefined();
  });
});

describe('KeptWorkOrderDetails', () => {
  const order = (valveId: number, organizationId = 1) => ({ ...read('{"id":40}'), valveId, organizationId });

  it("drops a valve's work orders on the valve's notice and leaves other valves' kept", () => {
    const cache = new KeptWorkOrderDetails();
    cache.listening(true);
    cache.keep(40, order(7), cache.stamp);
    cache.keep(41, order(7), cache.stamp);
    cache.keep(42, order(8), cache.stamp);
    cache.keep(43, order(8, 2), cache.stamp);
    // The work order's own id is no valve: a notice for valve 40 leaves work order 40 kept.
    cache.changed(parseValveChange('1:40'));
    expect(cache.size).toBe(4);
    cache.changed(parseValveChange('1:7'));
    expect(cache.get(40, everyPlant)).toBeUndefined();
    expect(cache.get(41, everyPlant)).toBeUndefined();
    expect(cache.get(42, everyPlant)).toBe('{"id":40}');
    cache.changed(parseValveChange('1:*'));
    expect(cache.size).toBe(1);
    expect(cache.get(43, { organizationId: 2, plants: null })).toBe('{"id":40}');
  });

  it('shows a kept order only in its organization and plants, and lets it go when it falls due', () => {
    const cache = new KeptWorkOrderDetails();
    cache.listening(true);
    const now = Date.parse('2026-11-29T12:00:00Z');
    cache.keep(40, { ...order(7), nextDueMs: now + 1_000 }, cache.stamp, now);
    expect(cache.get(40, { organizationId: 2, plants: null }, now)).toBeUndefined();
    expect(cache.get(40, { organizationId: 1, plants: ['Power Plant B'] }, now)).toBeUndefined();
    expect(cache.get(40, everyPlant, now + 999)).toBe('{"id":40}');
    expect(cache.get(40, everyPlant, now + 1_000)).toBeUndefined();
  });
});

describe('KeptBells', () => {
  it("keeps each person's bell, drops one on a notice naming them, everyone's on '*', none on a read begun before", async () => {
    const bells = new KeptBells();
    bells.listening(true);
    await bells.answer(3, async () => ({ json: '{"unread":1}' }));
    await bells.answer(4, async () => ({ json: '{"unread":2}' }));
    expect(bells.get(3)).toBe('{"unread":1}');
    bells.changed(parseBellChange('3'));
    expect(bells.get(3)).toBeUndefined();
    expect(bells.get(4)).toBe('{"unread":2}');
    bells.changed(parseBellChange('*'));
    expect(bells.get(4)).toBeUndefined();
    // A notice heard while the read was in flight: the read's answer is not kept.
    await bells.answer(3, async () => {
      bells.changed(3);
      return { json: '{"unread":0}' };
    });
    expect(bells.get(3)).toBeUndefined();
  });
});
