import type { Part } from '@common/schemas/parts';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { interactiveCardClasses } from '@/components/ui/card';
import { formatQuantity } from '@/lib/format';
import { PARTS_TEXTS as T } from '../texts';

/** A part in a list: its number and name, what is available across the stores, and whether to reorder. */
export function PartCard({ part }: { part: Part }) {
  return (
    <Link to={`/parts/${part.id}`} className={`${interactiveCardClasses} grid gap-1 p-4`}>
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-base font-bold text-slate-900">{part.partNumber}</span>
        {part.belowMinimum ? <Badge tone="warning">{T.belowMinimum}</Badge> : null}
      </span>
      <span className="text-base text-slate-800">{part.name}</span>
      <span className="text-sm text-slate-600">
        {T.available(formatQuantity(part.available), part.unit)}
        {part.reserved ? ` · ${formatQuantity(part.reserved)} ${T.reserved.toLowerCase()}` : ''}
        {part.fitsModels.length ? ` · ${T.fits} ${part.fitsModels.join(', ')}` : ''}
      </span>
    </Link>
  );
}
