import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshWorkData } from './refresh-work-data';

describe('refreshWorkData', () => {
  it('marks stale what a write can change, the reliability figures and a valve’s failures included, and nothing else', async () => {
    const queryClient = new QueryClient();
    const keys = [
      '/api/work-orders',
      '/api/work-orders/7/downtime',
      '/api/reliability/bad-actors',
      '/api/valves/12/failures',
      '/api/parts',
      '/api/manuals',
      '/api/valves/12/documents',
    ];
    for (const key of keys) queryClient.setQueryData([key], []);
    await refreshWorkData(queryClient);
    const stale = keys.filter((key) => queryClient.getQueryState([key])?.isInvalidated);
    expect(stale).toEqual(keys.slice(0, 5));
  });
});
