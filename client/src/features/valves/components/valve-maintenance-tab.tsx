import type { ValveDetail } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import type { ReactNode } from 'react';
import { LongText } from '@/components/long-text';
import { Card } from '@/components/ui/card';

/** The valve's maintenance procedure, then its history (the maintenance feature's, passed in by the route). */
export function ValveMaintenanceTab({ valve, history }: { valve: ValveDetail; history: ReactNode }) {
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
        {history}
      </section>
    </div>
  );
}
