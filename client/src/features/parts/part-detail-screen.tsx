import type { Part } from '@common/schemas/parts';
import { ChevronLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DetailList, DetailRow } from '@/components/detail-row';
import { LoadError } from '@/components/load-error';
import { MissingRecord } from '@/components/missing-record';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { formatMoney, formatQuantity } from '@/lib/format';
import { isNotFound, parseRouteId } from '@/lib/route-id';
import { useCan } from '@/lib/session/use-can';
import { usePart } from './api/parts';
import { MovementList } from './components/movement-list';
import { StockMoveDialog } from './components/stock-move-dialog';
import { StockTable } from './components/stock-table';
import { PARTS_TEXTS as T } from './texts';

const notFound = <MissingRecord message={T.notFound} backTo="/parts" backLabel={T.backToParts} />;

/** /parts/:id (issue 33): a spare part, what each store holds of it, receiving and counting, and its ledger. */
export function PartDetailScreen() {
  const id = parseRouteId(useParams().id);
  return id === null ? notFound : <PartOf id={id} />;
}

function PartOf({ id }: { id: number }) {
  const part = usePart(id);
  if (isNotFound(part.error)) return notFound;
  if (part.isError) return <LoadError error={part.error} onRetry={() => part.refetch()} />;
  if (part.isPending) return <Skeletons count={3} label={T.loading} itemClassName="h-32" />;
  return <PartView part={part.data} />;
}

function PartView({ part }: { part: Part }) {
  const canStock = useCan('parts:manage');
  return (
    <>
      <title>{`${part.partNumber} · ValveOps`}</title>
      <p className="-mt-2 mb-1">
        <Link to="/parts" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline">
          <ChevronLeft className="size-5 shrink-0" aria-hidden="true" />
          {T.backToParts}
        </Link>
      </p>
      <PageHeader
        title={
          <span className="break-words">
            <span className="font-mono">{part.partNumber}</span> {part.name}
          </span>
        }
      />
      <Card className="grid gap-1 p-4">
        {part.belowMinimum ? (
          <p>
            <Badge tone="warning">{T.belowMinimum}</Badge>
          </p>
        ) : null}
        <DetailList>
          <DetailRow label={T.availableLabel}>{formatQuantity(part.available, part.unit)}</DetailRow>
          <DetailRow label={T.onHand}>{formatQuantity(part.onHand, part.unit)}</DetailRow>
          <DetailRow label={T.reserved}>{formatQuantity(part.reserved, part.unit)}</DetailRow>
          <DetailRow label={T.minimum}>{formatQuantity(part.minimumStock, part.unit)}</DetailRow>
          <DetailRow label={T.unitCost}>{formatMoney(part.unitCost, part.currency)}</DetailRow>
          {part.manufacturer ? <DetailRow label={T.createDialog.manufacturer}>{part.manufacturer}</DetailRow> : null}
          {part.fitsModels.length ? <DetailRow label={T.fits}>{part.fitsModels.join(', ')}</DetailRow> : null}
        </DetailList>
        {part.description ? <p className="text-base text-slate-700">{part.description}</p> : null}
      </Card>
      <Section
        id="stock"
        title={T.stores}
        action={
          canStock ? (
            <div className="flex flex-wrap justify-end gap-2">
              <StockMoveDialog part={part} kind="receipt" />
              {part.stock.length ? <StockMoveDialog part={part} kind="adjustment" /> : null}
            </div>
          ) : null
        }
      >
        <StockTable part={part} />
      </Section>
      <Section id="movements" title={T.movements}>
        <MovementList part={part} />
      </Section>
    </>
  );
}
