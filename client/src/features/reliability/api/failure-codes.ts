import type { FailureCodeTables } from '@common/schemas/reliability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/**
 * The organization's failure code tables (ISO 14224's and its own). The device keeps them with the offline copy
 * (lib/offline/offline-copy.ts, KEPT_LISTS), so a completion's failure section works with no signal. They change
 * rarely: an hour before they are read again.
 */
export const failureCodesQuery = queryOptions({
  queryKey: ['/api/failure-codes'],
  queryFn: readQueryKey<FailureCodeTables>,
  staleTime: 60 * 60 * 1000,
});

export const useFailureCodes = () => useQuery(failureCodesQuery);
