import { describe, expect, it } from 'vitest';
import { filtersFromUrl, scopeOf } from './reliability-filters';

describe('filtersFromUrl', () => {
  it('reads the days, names and grouping an address holds', () => {
    const filters = filtersFromUrl(
      new URLSearchParams('from=2026-01-01&to=2026-03-31&plant=Gas Plant B&type=Ball Valve&groupBy=manufacturer'),
    );
    expect(filters).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      plant: 'Gas Plant B',
      type: 'Ball Valve',
      manufacturer: undefined,
      groupBy: 'manufacturer',
    });
    expect(scopeOf(filters)).not.toHaveProperty('groupBy');
  });

  it('leaves out what the server would refuse, grouping by plant', () => {
    expect(filtersFromUrl(new URLSearchParams('from=yesterday&plant=a,b&groupBy=colour'))).toEqual({
      from: undefined,
      to: undefined,
      plant: undefined,
      type: undefined,
      manufacturer: undefined,
      groupBy: 'plant',
    });
  });
});
