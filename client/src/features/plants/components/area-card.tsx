import type { PlantAreaNode } from '@common/schemas/plant-tree';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useAddSystem, useRemoveArea, useRenameArea } from '../api/plant-tree-writes';
import { holdsNoValves, valveListLink } from '../plant-tree-values';
import { PLANT_TEXTS } from '../texts';
import { EditPanel, EditToggle } from './edit-toggle';
import { RemoveNode } from './remove-node';
import { SystemRow } from './system-row';
import { TreeCounts } from './tree-counts';
import { RenameNodeForm, TreeNameForm } from './tree-name-form';

const T = PLANT_TEXTS.tree;

type AreaCardProps = {
  plant: { id: number; name: string };
  area: PlantAreaNode;
  areas: PlantAreaNode[];
  canEdit: boolean;
};

/** An area with its counts and its systems; its name opens its valves. Editors change it in place. */
export function AreaCard({ plant, area, areas, canEdit }: AreaCardProps) {
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const addSystem = useAddSystem(plant.id);
  return (
    <Card className="grid h-full content-start gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 text-lg font-bold">
          <Link
            to={valveListLink(plant.name, area.name)}
            className="inline-flex min-h-11 items-center break-words text-brand-700 underline"
          >
            {area.name}
          </Link>
        </h3>
        {canEdit ? <EditToggle name={area.name} open={editing} onToggle={() => setEditing(!editing)} /> : null}
      </div>
      <TreeCounts counts={area} />
      {editing ? <AreaEditor plantId={plant.id} area={area} onDone={() => setEditing(false)} /> : null}
      {area.systems.length === 0 ? (
        <p className="text-sm text-slate-600">{T.noSystems}</p>
      ) : (
        <ul aria-label={T.systemsOf(area.name)} className="grid gap-2">
          {area.systems.map((system) => (
            <li key={system.id}>
              <SystemRow plant={plant} area={area} areas={areas} system={system} canEdit={canEdit} />
            </li>
          ))}
        </ul>
      )}
      {canEdit && adding ? (
        <EditPanel>
          <TreeNameForm
            kind="system"
            title={T.addSystemTo(area.name)}
            submitLabel={T.addSystem}
            label={T.newSystem}
            hint={T.newSystemHint}
            icon={<Plus className="size-5" aria-hidden="true" />}
            onCancel={() => setAdding(false)}
            save={async (name, key) => {
              const added = await addSystem.mutateAsync({ key, areaId: area.id, name });
              toast({ title: T.added(added.name) });
              setAdding(false);
            }}
          />
        </EditPanel>
      ) : canEdit ? (
        <Button variant="outline" onClick={() => setAdding(true)} className="sm:justify-self-start">
          <Plus className="size-5" aria-hidden="true" />
          <span>
            {T.addSystem}
            <span className="sr-only">{T.toArea(area.name)}</span>
          </span>
        </Button>
      ) : null}
    </Card>
  );
}

function AreaEditor({ plantId, area, onDone }: { plantId: number; area: PlantAreaNode; onDone: () => void }) {
  const rename = useRenameArea(plantId);
  const remove = useRemoveArea(plantId);
  return (
    <EditPanel>
      <RenameNodeForm
        kind="area"
        name={area.name}
        rename={(name, key) => rename.mutateAsync({ key, id: area.id, name })}
        onDone={onDone}
      />
      {holdsNoValves(area) ? (
        <RemoveNode
          name={area.name}
          body={T.removeAreaBody}
          remove={(key) => remove.mutateAsync({ key, id: area.id })}
        />
      ) : (
        <p className="text-sm text-slate-600">{T.whyNoRemove}</p>
      )}
    </EditPanel>
  );
}
