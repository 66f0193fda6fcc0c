import type { RequestLink } from '@common/schemas/requests';
import type { ValveSummary } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeletons } from '@/components/ui/skeleton';
import { readQueryKey } from '@/lib/query-client';
import { requestUrlOf } from './api/request-link';
import { LabelGrid } from './label-grid';
import { labelDataUrl } from './label-svg';
import { usePrintSheet } from './print-sheet';
import { LABEL_TEXTS } from './texts';

const T = TEXTS.labels;

/**
 * The plant's request links in one read (GET /api/request-links, made on first ask and the same ever after, so
 * kept once read). Until they come, or if they cannot, the labels have the lookup code alone.
 */
function useRequestUrls(plant: string, enabled: boolean) {
  const links = useQuery({
    queryKey: ['/api/request-links', { plant }],
    queryFn: readQueryKey<RequestLink[]>,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const urls = new Map((links.data ?? []).map((link) => [link.valveId, requestUrlOf(link)]));
  return { urlOf: (valveId: number) => urls.get(valveId), loading: links.isPending, failed: links.isError };
}

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
  const requestUrls = useRequestUrls(plant, open);
  const { print, sheet } = usePrintSheet();
  const valves = (data ?? []).map((v) => ({ valveId: v.valveId, plant: v.plant, requestUrl: requestUrls.urlOf(v.id) }));
  const linksLoading = requestUrls.loading && valves.length > 0;

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
              <Button
                onClick={() => print(<LabelGrid valves={valves} />)}
                disabled={valves.length === 0 || linksLoading}
              >
                <Printer className="size-5" aria-hidden="true" />
                {T.printSheet}
              </Button>
            </div>
            {linksLoading ? (
              <p role="status" className="mb-3 text-sm text-slate-700">
                {LABEL_TEXTS.loadingRequestCodes}
              </p>
            ) : requestUrls.failed ? (
              <p role="status" className="mb-3 text-sm font-semibold text-amber-900">
                {LABEL_TEXTS.requestCodesMissing}
              </p>
            ) : null}
            <ul aria-label="Label preview" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
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
