import type { PlantAreaNode, PlantSystemNode } from '@common/schemas/plant-tree';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, type SendMethod } from '@/lib/http';
import { plantTreeQuery } from '@/lib/plant-tree';
import { refreshWorkData } from '@/lib/refresh-work-data';

/*
 * The writes of a plant's tree (issue 30). Online only, like the plants' own writes: an area added offline would be
 * offered to the valve form before the server has it. Each loads the tree again; a rename or a move also changes
 * the area or system every valve under it names (lists, details, work orders), so those reads load again too.
 * Every write carries its action's key (newActionKey), which the mutation's retries reuse: it lands once.
 */

type Keyed = { key: string };

async function send<T>(method: SendMethod, path: string, key: string, body?: unknown): Promise<T> {
  return (await apiSend<T>(method, path, body, { idempotencyKey: key })) as T;
}

async function refreshAfter(queryClient: QueryClient, plantId: number, movesValves: boolean) {
  if (movesValves) void refreshWorkData(queryClient);
  await queryClient.invalidateQueries({ queryKey: plantTreeQuery(plantId).queryKey });
}

function useTreeWrite<Vars extends Keyed, T>(plantId: number, write: (vars: Vars) => Promise<T>, movesValves: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Awaited, so the new tree is on screen when the write's own feedback (a toast, a closed form) comes.
    onSuccess: () => refreshAfter(queryClient, plantId, movesValves),
  });
}

type Named = Keyed & { name: string };
type Node = Keyed & { id: number };

export const useAddArea = (plantId: number) =>
  useTreeWrite(
    plantId,
    ({ key, name }: Named) => send<PlantAreaNode>('POST', `/api/plants/${plantId}/areas`, key, { name }),
    false,
  );

export const useRenameArea = (plantId: number) =>
  useTreeWrite(
    plantId,
    ({ key, id, name }: Node & Named) => send<PlantAreaNode>('PATCH', `/api/plant-areas/${id}`, key, { name }),
    true,
  );

/** Refused (409, in the server's words) while the area holds valves. */
export const useRemoveArea = (plantId: number) =>
  useTreeWrite(plantId, ({ key, id }: Node) => send<null>('DELETE', `/api/plant-areas/${id}`, key), false);

export const useAddSystem = (plantId: number) =>
  useTreeWrite(
    plantId,
    ({ key, areaId, name }: Named & { areaId: number }) =>
      send<PlantSystemNode>('POST', `/api/plant-areas/${areaId}/systems`, key, { name }),
    false,
  );

/** Rename a system, or move it to another area of the plant (its valves follow). */
export const useChangeSystem = (plantId: number) =>
  useTreeWrite(
    plantId,
    ({ key, id, ...body }: Node & { name?: string; areaId?: number }) =>
      send<PlantSystemNode>('PATCH', `/api/plant-systems/${id}`, key, body),
    true,
  );

/** Refused (409) while the system holds valves. */
export const useRemoveSystem = (plantId: number) =>
  useTreeWrite(plantId, ({ key, id }: Node) => send<null>('DELETE', `/api/plant-systems/${id}`, key), false);
