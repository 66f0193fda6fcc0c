import type { ValveDetail } from '@common/schemas/valves';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const valveQuery = (id: number) =>
  queryOptions({ queryKey: ['/api/valves', id], queryFn: readQueryKey<ValveDetail> });

export const useValve = (id: number, enabled = true) => useQuery({ ...valveQuery(id), enabled });
