import type { OfflineEstimate } from '@common/schemas/offline-sync';
import { useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Per plant the user may see, what a first download would keep (counts; the device turns them into MB). */
export const useOfflineEstimate = () =>
  useQuery({ queryKey: ['/api/offline/estimate'], queryFn: readQueryKey<OfflineEstimate> });
