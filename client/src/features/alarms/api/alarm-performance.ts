import type { AlarmPerformance, AlarmPerformanceQuery } from '@common/schemas/alarms';
import { useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';
import { toQueryString } from '@/lib/query-key';

/** The week's ISA-18.2 figures per plant; without a week the server measures the last full one. */
export const useAlarmPerformance = (query: AlarmPerformanceQuery) =>
  useQuery({ queryKey: ['/api/alarms/performance', query], queryFn: readQueryKey<AlarmPerformance> });

/** The same figures as a CSV file, one row per plant: a plain link, so the browser saves it with the cookie sent. */
export const alarmPerformanceCsvPath = (query: AlarmPerformanceQuery): string =>
  `/api/alarms/performance.csv${toQueryString(query)}`;
