import { LoadError } from '@/components/load-error';
import { Skeletons } from '@/components/ui/skeleton';
import { useMaintenanceRecords } from '../api/get-maintenance-records';
import { MaintenanceRecordList } from './maintenance-record-list';

/** A valve's maintenance history, read on its own (the valve's detail does not carry it). */
export function MaintenanceHistory({ valveId }: { valveId: number }) {
  const { data, error, isPending, refetch } = useMaintenanceRecords(valveId);
  if (error) return <LoadError error={error} onRetry={() => refetch()} />;
  if (isPending) {
    return <Skeletons count={3} label="Loading maintenance history" itemClassName="h-28" />;
  }
  return <MaintenanceRecordList records={data} />;
}
