import type { MaintenanceRecordType } from '@common/constants';
import type { MaintenanceRecord } from '@common/schemas/maintenance-records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue } from '@/lib/offline/offline-write';
import { refreshWorkData } from '@/lib/refresh-work-data';

export type MaintenanceRecordInput = {
  valveId: number;
  type: MaintenanceRecordType;
  description: string;
  findings?: string | null;
  actionsPerformed?: string | null;
};

/** A record on a valve outside any work order: an inspection round, a calibration, a note. */
export async function createMaintenanceRecord({ key, body }: { key: string; body: MaintenanceRecordInput }) {
  return sendOrQueue<MaintenanceRecord>('POST', '/api/maintenance-records', body, {
    idempotencyKey: key,
  });
}

export function useCreateMaintenanceRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMaintenanceRecord,
    onSuccess: () => void refreshWorkData(queryClient),
  });
}
