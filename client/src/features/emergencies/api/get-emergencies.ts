import type { Emergency } from '@common/schemas/emergencies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Emergencies in force in the user's plants; asked again every 30 s so a new one reaches every screen. */
export const emergenciesQuery = queryOptions({
  queryKey: ['/api/emergencies'],
  queryFn: readQueryKey<Emergency[]>,
});

export const useEmergencies = () => useQuery({ ...emergenciesQuery, refetchInterval: 30_000 });
