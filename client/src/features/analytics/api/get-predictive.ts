import type { PredictiveAnalytics } from '@common/schemas/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Every analysed valve's latest result, by valve id: the Health Scores chart. */
export const predictiveQuery = () =>
  queryOptions({ queryKey: ['/api/analytics/predictive'], queryFn: readQueryKey<PredictiveAnalytics[]> });

export const usePredictive = () => useQuery(predictiveQuery());
