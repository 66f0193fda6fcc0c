import type { ValveDetail } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { LongText } from '@/components/long-text';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { useMaintenanceRecords } from '@/features/maintenance/api/get-maintenance-records';
import { MaintenanceRecordList } from '@/features/maintenance/components/maintenance-record-list';

function History({ valveId }: { valveId: number }) {
  const { data, error, isPending, refetch } = useMaintenanceRecords(valveId);
  if (error) return <LoadError error={error} onRetry={() => refetch()} />;
  if (isPending) {
    return <Skeletons count={3} label="Loading maintenance history" itemClassName="h-28" />;
  }
  if (data.length === 0) return <EmptyState>{TEXTS.valves.noRecords}</EmptyState>;
  return <MaintenanceRecordList records={data} />;
}

export function ValveMaintenanceTab({ valve }: { valve: ValveDetail }) {
  return (
    <div className="grid gap-4">
      <Card className="p-4">
        <h3 className="mb-2 text-base font-bold text-slate-900">Maintenance Procedure</h3>
        {valve.maintenanceProcedure ? (
          <LongText text={valve.maintenanceProcedure} title="Maintenance Procedure" />
        ) : (
          <p className="text-base text-slate-600">{TEXTS.valves.noProcedure}</p>
        )}
      </Card>
      <section aria-labelledby="maintenance-history">
        <h3 id="maintenance-history" className="mb-2 text-base font-bold text-slate-900">
          Maintenance History
        </h3>
        <History valveId={valve.id} />
      </section>
    </div>
  );
}
