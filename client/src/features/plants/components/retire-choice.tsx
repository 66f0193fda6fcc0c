import type { Plant } from '@common/schemas/plants';
import { Archive, ArchiveRestore } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useUpdatePlant } from '../api/plant-writes';
import { PLANT_TEXTS as T } from '../texts';

/**
 * Retire a plant or bring it back, asked twice in place (a second dialog over the edit dialog would lose a
 * gloved thumb's place). A plant with valves is never deleted: retired, it keeps its valves and history.
 */
export function RetireChoice({ plant, onDone }: { plant: Plant; onDone: () => void }) {
  const update = useUpdatePlant();
  const [asking, setAsking] = useState(false);
  const retiring = !plant.retired;
  const Icon = retiring ? Archive : ArchiveRestore;
  const label = retiring ? T.retire : T.bringBack;

  const confirm = () =>
    update.mutate(
      { id: plant.id, key: newActionKey(), body: { retired: retiring } },
      {
        onSuccess: (saved) => {
          toast({ title: saved.retired ? T.toasts.retired(saved.name) : T.toasts.back(saved.name) });
          onDone();
        },
        onError: (error) => toast({ tone: 'danger', title: T.toasts.failed, description: readApiError(error).message }),
      },
    );

  if (!asking) {
    return (
      <Button variant="outline" onClick={() => setAsking(true)} className={retiring ? 'text-red-700' : undefined}>
        <Icon className="size-5" aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <section
      aria-label={retiring ? T.retireTitle(plant.name) : T.bringBackTitle(plant.name)}
      className="grid gap-3 rounded-lg border border-slate-300 bg-slate-50 p-3"
    >
      <p className="font-semibold text-slate-900">
        {retiring ? T.retireTitle(plant.name) : T.bringBackTitle(plant.name)}
      </p>
      <p className="text-sm text-slate-700">{retiring ? T.retireBody : T.bringBackBody}</p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => setAsking(false)} disabled={update.isPending}>
          {T.form.cancel}
        </Button>
        <Button variant={retiring ? 'danger' : 'primary'} onClick={confirm} disabled={update.isPending}>
          <Icon className="size-5" aria-hidden="true" />
          {label}
        </Button>
      </div>
    </section>
  );
}
