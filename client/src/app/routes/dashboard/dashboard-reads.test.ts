import { describe, expect, it } from 'vitest';
import { EARLY_READS, EARLY_SESSION_READ } from '@/lib/offline/early-reads';
import { queryKeyToPath } from '@/lib/query-key';
import { sessionQuery } from '@/lib/session/session-query';
import { dashboardReads } from './dashboard-reads';

/** The dashboard's sections come from six features; the page's starter must ask for exactly what they read. */
describe('early reads', () => {
  it('asks for exactly the paths the dashboard reads, or the app would fetch them twice', () => {
    const dashboard = dashboardReads().map(queryKeyToPath);
    expect(EARLY_READS['/app']).toEqual(dashboard);
    expect(EARLY_SESSION_READ).toBe(queryKeyToPath(sessionQuery.queryKey));
  });
});
