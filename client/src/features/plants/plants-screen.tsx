import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { usePlants } from '@/lib/plants';
import { useCan } from '@/lib/session/use-can';
import { PlantCard } from './components/plant-card';
import { PlantFormDialog } from './components/plant-form-dialog';
import { PLANT_TEXTS as T } from './texts';

/** /plants: the organization's plants, retired ones last; admins add, change and retire them. */
export function PlantsScreen() {
  const canManage = useCan('plants:manage');
  const plants = usePlants();
  const [adding, setAdding] = useState(false);
  // In service first, each group by name as the server sends it: a retired plant is history, not a place to go.
  const listed = plants.data ? [...plants.data].sort((a, b) => Number(a.retired) - Number(b.retired)) : [];

  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <PageHeader
        title={T.title}
        action={
          canManage ? (
            <Button onClick={() => setAdding(true)}>
              <Plus className="size-5" aria-hidden="true" />
              {T.add}
            </Button>
          ) : null
        }
      />
      <p className="-mt-2 mb-2 text-base text-slate-700">{T.intro}</p>
      {canManage ? null : <p className="mb-2 text-sm text-slate-600">{T.viewOnly}</p>}
      <p className="mb-4">
        <Link to="/valve-types" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          {T.typesLink}
        </Link>
      </p>
      <PlantFormDialog open={adding} onOpenChange={setAdding} />
      {plants.isPending ? (
        <Skeletons count={4} label={T.loading} className="md:grid-cols-2" itemClassName="h-36" />
      ) : plants.isError ? (
        <LoadError error={plants.error} onRetry={() => plants.refetch()} />
      ) : listed.length === 0 ? (
        <EmptyState>{T.empty}</EmptyState>
      ) : (
        <ul aria-label={T.title} className="grid gap-2 md:grid-cols-2">
          {listed.map((plant) => (
            <li key={plant.id}>
              <PlantCard plant={plant} canManage={canManage} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
