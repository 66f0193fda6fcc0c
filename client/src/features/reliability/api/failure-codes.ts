import type { FailureCode, FailureCodeBody, FailureCodeTables } from '@common/schemas/reliability';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
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

/** An organization's own code (POST /api/failure-codes): the tables are read again, here and on every form. */
export function useAddFailureCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: FailureCodeBody; key: string }) =>
      (await apiSend<FailureCode>('POST', '/api/failure-codes', body, { idempotencyKey: key })) as FailureCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: failureCodesQuery.queryKey }),
  });
}
