import { describe, expect, it } from 'vitest';
import { isFiltered, NO_FILTERS, readValveFilters, writeValveFilters } from './valve-filters';

describe('valve list filters in the URL', () => {
  it('reads the filters and the search text', () => {
    const search = new URLSearchParams('plant=Gas+Plant+B&type=Ball+Valve&status=overdue&q=%20V-001%20');
    expect(readValveFilters(search)).toEqual({
      plant: 'Gas Plant B',
      type: 'Ball Valve',
      status: 'overdue',
      q: 'V-001',
    });
  });

  it('reads missing or unreadable values as all', () => {
    expect(readValveFilters(new URLSearchParams('status=broken&plant=A,B&type=%20'))).toEqual(NO_FILTERS);
  });

  it("reads any plant or type the organization may have: they are its data, not the product's", () => {
    const read = readValveFilters(new URLSearchParams('plant=Bayside+North&type=Bellows+Seal+Valve'));
    expect(read).toEqual({ ...NO_FILTERS, plant: 'Bayside North', type: 'Bellows Seal Valve' });
    expect(readValveFilters(new URLSearchParams('type=Safety+Relief+Valve')).type).toBe('Safety Relief Valve');
  });

  it("writes only what narrows the list and leaves 'all' out", () => {
    expect(writeValveFilters({ ...NO_FILTERS, plant: 'Power Plant A' }).toString()).toBe('plant=Power+Plant+A');
    expect(writeValveFilters(NO_FILTERS).toString()).toBe('');
  });

  it('round-trips', () => {
    const filters = { plant: 'Nuclear Plant D', type: 'Check Valve', status: 'active', q: 'feed' };
    expect(readValveFilters(writeValveFilters(filters))).toEqual(filters);
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered(NO_FILTERS)).toBe(false);
  });
});
