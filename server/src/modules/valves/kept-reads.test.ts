import { describe, expect, it } from 'vitest';
import { KeptValveDetails, KeptValveLists } from './kept-reads';

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

  it("drops a valve on the database's notice, and every valve on '*'", () => {
    const cache = hearingCache();
    cache.keep(7, read(), cache.stamp);
    cache.keep(8, read('{"id":8}'), cache.stamp);
    cache.changed('7');
    expect(cache.get(7, everyPlant)).toBeUndefined();
    expect(cache.get(8, everyPlant)).toBe('{"id":8}');
    cache.changed('*');
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that began before a notice: it may predate the change', () => {
    const cache = hearingCache();
    const stamp = cache.stamp;
    cache.changed('9');
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

describe('KeptValveLists', () => {
  it("keeps an organization's list until any notice, and only while notices are heard", () => {
    const lists = new KeptValveLists();
    lists.keep(1, '[]', lists.stamp);
    expect(lists.get(1)).toBeUndefined();
    lists.listening(true);
    const stamp = lists.stamp;
    lists.keep(1, '[{"id":7}]', stamp);
    expect(lists.get(1)).toBe('[{"id":7}]');
    expect(lists.get(2)).toBeUndefined();
    lists.changed();
    expect(lists.get(1)).toBeUndefined();
    lists.keep(1, '[{"id":7}]', stamp);
    expect(lists.get(1)).toBeUndefined();
  });
});
