import type { PlantAreaNode, PlantSystemNode } from '@common/schemas/plant-tree';
import { useState } from 'react';
import { Link } from 'react-router';
import { useChangeSystem, useRemoveSystem } from '../api/plant-tree-writes';
import { holdsNoValves, moveTargets, valveListLink } from '../plant-tree-values';
import { PLANT_TEXTS } from '../texts';
import { EditPanel, EditToggle } from './edit-toggle';
import { MoveSystemForm } from './move-system-form';
import { RemoveNode } from './remove-node';
import { TreeCounts } from './tree-counts';
import { RenameNodeForm } from './tree-name-form';

const T = PLANT_TEXTS.tree;

type SystemRowProps = {
  plant: { id: number; name: string };
  area: PlantAreaNode;
  areas: PlantAreaNode[];
  system: PlantSystemNode;
  canEdit: boolean;
};

/** A system of an area: its name opens its valves; an editor renames, moves or removes it in place. */
export function SystemRow({ plant, area, areas, system, canEdit }: SystemRowProps) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-start justify-between gap-2">
        <Link
          to={valveListLink(plant.name, area.name, system.name)}
          className="inline-flex min-h-11 min-w-0 items-center text-base font-semibold break-words text-brand-700 underline"
        >
          {system.name}
        </Link>
        {canEdit ? <EditToggle name={system.name} open={editing} onToggle={() => setEditing(!editing)} /> : null}
      </div>
      <TreeCounts counts={system} />
      {editing ? (
        <SystemEditor plantId={plant.id} area={area} areas={areas} system={system} onDone={() => setEditing(false)} />
      ) : null}
    </div>
  );
}

type SystemEditorProps = {
  plantId: number;
  area: PlantAreaNode;
  areas: PlantAreaNode[];
  system: PlantSystemNode;
  onDone: () => void;
};

function SystemEditor({ plantId, area, areas, system, onDone }: SystemEditorProps) {
  const change = useChangeSystem(plantId);
  const remove = useRemoveSystem(plantId);
  const targets = moveTargets(areas, area.id);
  return (
    <EditPanel>
      <RenameNodeForm
        kind="system"
        name={system.name}
        rename={(name, key) => change.mutateAsync({ key, id: system.id, name })}
        onDone={onDone}
      />
      {targets.length > 0 ? <MoveSystemForm plantId={plantId} system={system} targets={targets} /> : null}
      {holdsNoValves(system) ? (
        <RemoveNode
          name={system.name}
          body={T.removeSystemBody}
          remove={(key) => remove.mutateAsync({ key, id: system.id })}
        />
      ) : (
        <p className="text-sm text-slate-600">{T.whyNoRemove}</p>
      )}
    </EditPanel>
  );
}
