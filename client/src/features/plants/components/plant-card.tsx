import type { Plant } from '@common/schemas/plants';
import { ChevronRight, Clock, Gauge, MapPin, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { zoneLabel } from '@/lib/time-zones';
import { unitsLine } from '../plant-form-values';
import { PLANT_TEXTS as T } from '../texts';
import { PlantFormDialog } from './plant-form-dialog';

/**
 * A plant as its admin checks it: name and code, zone, units, where it is, how many valves, the way to its areas
 * and systems; Edit for admins.
 */
export function PlantCard({ plant, canManage }: { plant: Plant; canManage: boolean }) {
  const [editing, setEditing] = useState(false);
  const place = [plant.siteName, plant.address].filter(Boolean).join(', ');
  return (
    <Card className={cn('grid h-full content-start gap-2 p-4', plant.retired && 'bg-slate-50')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="text-lg font-bold break-words text-slate-900">{plant.name}</span>
          {plant.code ? <Badge tone="neutral">{plant.code}</Badge> : null}
          {plant.retired ? <Badge tone="muted">{T.retired}</Badge> : null}
        </p>
        <span className="text-base font-semibold whitespace-nowrap text-slate-800">{T.valves(plant.valves)}</span>
      </div>
      <p className="flex items-start gap-1.5 text-sm text-slate-700">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{zoneLabel(plant.timeZone)}</span>
      </p>
      <p className="flex items-start gap-1.5 text-sm text-slate-700">
        <Gauge className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{unitsLine(plant.units)}</span>
      </p>
      {place ? (
        <p className="flex items-start gap-1.5 text-sm text-slate-700">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">{place}</span>
        </p>
      ) : null}
      <Link
        to={`/plants/${plant.id}/tree`}
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline sm:justify-self-start"
      >
        <span>
          {T.tree.link}
          <span className="sr-only">{T.tree.linkOf(plant.name)}</span>
        </span>
        <ChevronRight className="size-5 shrink-0" aria-hidden="true" />
      </Link>
      {canManage ? (
        <>
          <Button variant="outline" onClick={() => setEditing(true)} className="mt-1 sm:justify-self-start">
            <Pencil className="size-5" aria-hidden="true" />
            <span>
              {T.edit}
              <span className="sr-only"> {plant.name}</span>
            </span>
          </Button>
          <PlantFormDialog open={editing} onOpenChange={setEditing} plant={plant} />
        </>
      ) : null}
    </Card>
  );
}
