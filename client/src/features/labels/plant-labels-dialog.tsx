import type { ValveSummary } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeletons } from '@/components/ui/skeleton';
import { readQueryKey } from '@/lib/query-client';
import { LabelGrid } from './label-grid';
import { labelDataUrl } from './label-svg';
import { usePrintSheet } from './print-sheet';

const T = TEXTS.labels;

/** Every valve label of one plant, previewed, then printed as one sheet (print CSS: labels only, none split). */
export function PlantLabelsDialog({
  plant,
  open,
  onOpenChange,
}: {
  plant: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['/api/valves', { plant }],
    queryFn: readQueryKey<ValveSummary[]>,
    enabled: open,
  });
  const { print, sheet } = usePrintSheet();
  const valves = (data ?? []).map((v) => ({ valveId: v.valveId, plant: v.plant }));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T.sheetTitle(plant)} description={`Print every QR label of ${plant} on one sheet.`}>
        {error ? (
          <LoadError error={error} onRetry={() => refetch()} />
        ) : isPending ? (
          <Skeletons count={2} label="Loading labels" itemClassName="h-40" />
        ) : (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <p className="text-base text-slate-700">{T.count(valves.length)}</p>
              <Button onClick={() => print(<LabelGrid valves={valves} />)} disabled={valves.length === 0}>
                <Printer className="size-5" aria-hidden="true" />
                {T.printSheet}
              </Button>
            </div>
            <ul aria-label="Label preview" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {valves.map((valve) => (
                <li key={valve.valveId} className="rounded-lg border border-slate-200 p-1">
                  <img src={labelDataUrl(valve)} alt={`QR label ${valve.valveId}`} className="w-full" />
                </li>
              ))}
            </ul>
          </>
        )}
        {sheet}
      </DialogContent>
    </Dialog>
  );
}
