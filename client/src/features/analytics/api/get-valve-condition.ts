import type { AnomalyEpisode, ReferencePeriod, ValveChannels } from '@common/schemas/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Issue 19: the valve's anomaly episodes, oldest first. */
export const valveAnomaliesQuery = (id: number) =>
  queryOptions({ queryKey: ['/api/analytics/valves', id, 'anomalies'], queryFn: readQueryKey<AnomalyEpisode[]> });
export const useValveAnomalies = (id: number) => useQuery(valveAnomaliesQuery(id));

/** Issue 19: the valve's channels from the rollups, for the charts. */
export const valveChannelsQuery = (id: number) =>
  queryOptions({ queryKey: ['/api/analytics/valves', id, 'channels'], queryFn: readQueryKey<ValveChannels> });
export const useValveChannels = (id: number) => useQuery(valveChannelsQuery(id));

/** Issue 19: the valve's reference (healthy) period, marked or the default. */
export const referencePeriodQuery = (id: number) =>
  queryOptions({ queryKey: ['/api/valves', id, 'reference-period'], queryFn: readQueryKey<ReferencePeriod> });
export const useReferencePeriod = (id: number) => useQuery(referencePeriodQuery(id));
