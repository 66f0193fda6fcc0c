import { describe, expect, it } from 'vitest';
import {
  isFiltered,
  NO_FILTERS,
  nextValveFilters,
  placeFilters,
  readValveFilters,
  withoutPlace,
  writeValveFilters,
} from './valve-filters';

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

describe('the area and system filters of the plant tree links', () => {
  const fromTree = 'plant=Gas+Plant+B&area=Unit+1&system=Main+Steam';

  it('reads them only when the URL names them', () => {
    expect(readValveFilters(new URLSearchParams(fromTree))).toEqual({
      ...NO_FILTERS,
      plant: 'Gas Plant B',
      area: 'Unit 1',
      system: 'Main Steam',
    });
    expect(readValveFilters(new URLSearchParams('plant=Gas+Plant+B'))).not.toHaveProperty('area');
  });

  it('reads a name the contract would refuse as not narrowed', () => {
    const read = readValveFilters(new URLSearchParams(`area=Unit+1,+Elev+12&system=${'x'.repeat(101)}`));
    expect(read).toEqual(NO_FILTERS);
    // A system may hold a comma; an area may not (it is the location's text before its first one).
    expect(readValveFilters(new URLSearchParams('system=Steam,+HP')).system).toBe('Steam, HP');
  });

  it('writes them after the plant and round-trips', () => {
    const filters = readValveFilters(new URLSearchParams(fromTree));
    expect(writeValveFilters(filters).toString()).toBe(fromTree);
    expect(readValveFilters(writeValveFilters(filters))).toEqual(filters);
  });

  it('lists the chips in order and takes one off', () => {
    const filters = readValveFilters(new URLSearchParams(fromTree));
    expect(placeFilters(filters)).toEqual([
      { key: 'area', name: 'Unit 1' },
      { key: 'system', name: 'Main Steam' },
    ]);
    expect(placeFilters(NO_FILTERS)).toEqual([]);
    expect(writeValveFilters(withoutPlace(filters, 'area')).toString()).toBe('plant=Gas+Plant+B&system=Main+Steam');
  });

  it('drops them when another plant is chosen, and keeps them for any other change', () => {
    const filters = readValveFilters(new URLSearchParams(fromTree));
    expect(nextValveFilters(filters, { ...filters, status: 'overdue' })).toEqual({ ...filters, status: 'overdue' });
    expect(nextValveFilters(filters, { ...filters, plant: 'Power Plant A' })).toEqual({
      ...NO_FILTERS,
      plant: 'Power Plant A',
    });
  });
});
