import type { PlantTree } from '@common/schemas/plant-tree';
import { ChevronLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { MissingRecord } from '@/components/missing-record';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { usePlantTree } from '@/lib/plant-tree';
import { isNotFound, parseRouteId } from '@/lib/route-id';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import { useAddArea } from './api/plant-tree-writes';
import { AreaCard } from './components/area-card';
import { EditPanel } from './components/edit-toggle';
import { TreeCounts } from './components/tree-counts';
import { TreeNameForm } from './components/tree-name-form';
import { PLANT_TEXTS } from './texts';

const T = PLANT_TEXTS.tree;

const notFound = <MissingRecord message={T.notFound} backTo="/plants" backLabel={PLANT_TEXTS.plantsLink} />;

/**
 * /plants/:id/tree (issue 30): the plant's areas and their systems, each with its valves, overdue and in
 * maintenance; every name opens the valve list narrowed to it. Engineers and admins change the tree here.
 */
export function PlantTreeScreen() {
  const id = parseRouteId(useParams().id);
  return id === null ? notFound : <PlantTreeOf id={id} />;
}

function PlantTreeOf({ id }: { id: number }) {
  const tree = usePlantTree(id);
  if (isNotFound(tree.error)) return notFound;
  if (tree.isError) return <LoadError error={tree.error} onRetry={() => tree.refetch()} />;
  if (tree.isPending) return <Skeletons count={4} label={T.loading} itemClassName="h-36" />;
  return <TreeView tree={tree.data} />;
}

function TreeView({ tree }: { tree: PlantTree }) {
  const canEdit = useCan('valves:edit');
  const addArea = useAddArea(tree.plantId);
  // Folded behind a button: the tree is read far more often than it is changed, and a phone shows little of it.
  const [adding, setAdding] = useState(false);
  const plant = { id: tree.plantId, name: tree.plant };
  return (
    <>
      <title>{`${T.title(tree.plant)} · ValveOps`}</title>
      <p className="-mt-2 mb-1">
        <Link to="/plants" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline">
          <ChevronLeft className="size-5 shrink-0" aria-hidden="true" />
          {PLANT_TEXTS.plantsLink}
        </Link>
      </p>
      <PageHeader title={<span className="break-words">{T.title(tree.plant)}</span>} />
      <p className="-mt-2 mb-3 text-base text-slate-700">{T.intro}</p>
      <Card className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
        <Link
          to={`/valves?${new URLSearchParams({ plant: tree.plant })}`}
          className="inline-flex min-h-11 items-center text-lg font-bold text-brand-700 underline"
        >
          {T.wholePlant}
        </Link>
        <TreeCounts counts={tree} all />
      </Card>
      {canEdit ? null : <p className="text-sm text-slate-600">{T.viewOnly}</p>}
      <Section
        id="plant-areas"
        title={T.areas}
        action={
          canEdit && !adding ? (
            <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
              <Plus className="size-5" aria-hidden="true" />
              {T.addArea}
            </Button>
          ) : null
        }
      >
        {adding ? (
          <EditPanel className="mb-3">
            <TreeNameForm
              kind="area"
              title={T.addArea}
              label={T.newArea}
              hint={T.newAreaHint}
              icon={<Plus className="size-5" aria-hidden="true" />}
              onCancel={() => setAdding(false)}
              save={async (name, key) => {
                const added = await addArea.mutateAsync({ key, name });
                toast({ title: T.added(added.name) });
                setAdding(false);
              }}
            />
          </EditPanel>
        ) : null}
        {tree.areas.length === 0 ? (
          <EmptyState>{T.empty}</EmptyState>
        ) : (
          <ul aria-label={T.areas} className="grid gap-3 md:grid-cols-2">
            {tree.areas.map((area) => (
              <li key={area.id}>
                <AreaCard plant={plant} area={area} areas={tree.areas} canEdit={canEdit} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
