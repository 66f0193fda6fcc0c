import { describe, expect, it } from 'vitest';
import { queryKeyToPath, toQueryString } from './query-key';

describe('queryKeyToPath', () => {
  it('joins the segments with /', () => {
    expect(queryKeyToPath(['/api/valves', 12])).toBe('/api/valves/12');
    expect(queryKeyToPath(['/api/dashboard/stats'])).toBe('/api/dashboard/stats');
  });

  it('turns a final object into a query string', () => {
    expect(queryKeyToPath(['/api/valves', { limit: 3 }])).toBe('/api/valves?limit=3');
    expect(queryKeyToPath(['/api/photos', { valveId: 7 }])).toBe('/api/photos?valveId=7');
  });

  it("leaves out unset parameters and filters set to 'all'", () => {
    expect(queryKeyToPath(['/api/valves', { plant: 'all', type: undefined, status: 'overdue', q: '' }])).toBe(
      '/api/valves?status=overdue',
    );
    expect(queryKeyToPath(['/api/valves', { plant: 'all' }])).toBe('/api/valves');
  });

  it('encodes parameter values and id segments', () => {
    expect(queryKeyToPath(['/api/valves', { plant: 'Power Plant A', q: 'a&b' }])).toBe(
      '/api/valves?plant=Power+Plant+A&q=a%26b',
    );
    expect(queryKeyToPath(['/api/valves/valve-id', 'V-001/BV'])).toBe('/api/valves/valve-id/V-001%2FBV');
  });
});

describe('toQueryString', () => {
  it('is empty when nothing is set', () => {
    expect(toQueryString({})).toBe('');
  });
});
