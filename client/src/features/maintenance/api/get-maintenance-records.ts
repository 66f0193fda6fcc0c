import type { MaintenanceRecord } from '@common/schemas/maintenance-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

export const maintenanceRecordsQuery = (valveId: number) =>
  queryOptions({ queryKey: ['/api/maintenance-records', { valveId }], queryFn: readQueryKey<MaintenanceRecord[]> });

export const useMaintenanceRecords = (valveId: number) => useQuery(maintenanceRecordsQuery(valveId));
