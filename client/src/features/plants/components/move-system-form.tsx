import type { PlantAreaNode, PlantSystemNode } from '@common/schemas/plant-tree';
import { ArrowRightLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormAlert, SubmitButton } from '@/components/form-parts';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useChangeSystem } from '../api/plant-tree-writes';
import { PLANT_TEXTS } from '../texts';

const T = PLANT_TEXTS.tree;

type MoveSystemFormProps = { plantId: number; system: PlantSystemNode; targets: PlantAreaNode[] };

/** Move a system to another area of its plant, picked in the phone's own select; its valves move with it. */
export function MoveSystemForm({ plantId, system, targets }: MoveSystemFormProps) {
  const change = useChangeSystem(plantId);
  const [areaId, setAreaId] = useState(targets[0].id);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = targets.find((area) => area.id === areaId);
    if (!target || change.isPending) return;
    setRefusal(null);
    change.mutate(
      { key: newActionKey(), id: system.id, areaId },
      {
        onSuccess: () => toast({ title: T.moved(system.name, target.name) }),
        onError: (error) => setRefusal(readApiError(error).message),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label={T.moveOf(system.name)} className="grid gap-3">
      {refusal ? <FormAlert title={T.failed}>{refusal}</FormAlert> : null}
      <Field label={T.moveTo} hint={T.moveHint} required>
        {(control) => (
          <Select {...control} value={areaId} onChange={(event) => setAreaId(Number(event.target.value))}>
            {targets.map((area) => (
              <option key={area.id} value={area.id}>
                {area.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <SubmitButton busy={change.isPending} busyLabel={T.busy} variant="outline" className="sm:justify-self-start">
        <ArrowRightLeft className="size-5" aria-hidden="true" />
        {T.move}
      </SubmitButton>
    </form>
  );
}
