import type { Activity } from '@common/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const activitiesQuery = () =>
  queryOptions({ queryKey: ['/api/dashboard/activities'], queryFn: readQueryKey<Activity[]> });

export const useActivities = () => useQuery(activitiesQuery());
