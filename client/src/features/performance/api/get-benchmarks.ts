import { PERFORMANCE_WINDOW } from '@common/constants';
import type { Benchmark } from '@common/schemas/performance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const benchmarksQuery = () =>
  queryOptions({ queryKey: ['/api/performance/benchmarks'], queryFn: readQueryKey<Benchmark[]> });

export const useBenchmarks = () =>
  useQuery({ ...benchmarksQuery(), refetchInterval: PERFORMANCE_WINDOW.refreshMs, staleTime: 0 });
