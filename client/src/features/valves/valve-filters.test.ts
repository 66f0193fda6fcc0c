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

  it('reads missing or unknown values as all', () => {
    expect(readValveFilters(new URLSearchParams('plant=Mars+Base&type=Butterfly+Valve'))).toEqual(NO_FILTERS);
  });

  it('knows every type the plant has, safety relief valves too', () => {
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
