import type { Download } from '@common/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const downloadsQuery = queryOptions({
  queryKey: ['/api/billing/downloads'],
  queryFn: readQueryKey<Download[]>,
});

/** What the organization may download; polled while a just-paid product is still being confirmed. */
export const useDownloads = ({ enabled, pollMs }: { enabled: boolean; pollMs: number | false }) =>
  useQuery({ ...downloadsQuery, enabled, refetchInterval: pollMs, staleTime: 0 });
