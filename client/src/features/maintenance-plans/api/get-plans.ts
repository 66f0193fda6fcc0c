import type { Forecast, Plan } from '@common/schemas/maintenance-plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const plansQuery = () => queryOptions({ queryKey: ['/api/maintenance-plans'], queryFn: readQueryKey<Plan[]> });
export const usePlans = () => useQuery(plansQuery());

export const forecastQuery = () =>
  queryOptions({ queryKey: ['/api/maintenance-plans/forecast'], queryFn: readQueryKey<Forecast> });
export const useForecast = () => useQuery(forecastQuery());
