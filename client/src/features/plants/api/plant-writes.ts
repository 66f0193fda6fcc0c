import type { MakerMergeBody, makerMergeResult } from '@common/schemas/makers';
import type {
  Plant,
  PlantCreateBody,
  PlantUpdateBody,
  tagPatternBody,
  ValveTypeCreateBody,
  ValveTypeEntry,
} from '@common/schemas/plants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiSend } from '@/lib/http';
import { keepAnswer } from '@/lib/keep-answer';
import { plantTreeQuery } from '@/lib/plant-tree';
import { manufacturersQuery, plantsQuery, valveTypesQuery } from '@/lib/plants';
import { readQueryKey } from '@/lib/query-client';

type TagPattern = z.infer<typeof tagPatternBody>;
type MergeResult = z.infer<typeof makerMergeResult>;

/*
 * The admin's writes to the organization's plants and catalog. Online only, like the other account writes: a
 * plant added offline would be offered to forms before the server has it.
 */

export function useCreatePlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, body }: { key: string; body: PlantCreateBody }) =>
      (await apiSend<Plant>('POST', '/api/plants', body, { idempotencyKey: key })) as Plant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plantsQuery.queryKey }),
  });
}

export function useUpdatePlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, key, body }: { id: number; key: string; body: PlantUpdateBody }) =>
      (await apiSend<Plant>('PATCH', `/api/plants/${id}`, body, { idempotencyKey: key })) as Plant,
    onSuccess: async (saved) => {
      await keepAnswer(queryClient, plantsQuery.queryKey, (list) => list?.map((p) => (p.id === saved.id ? saved : p)));
      // A renamed plant is renamed on its valves, orders and users too: their reads are refreshed.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== plantsQuery.queryKey[0] });
      // Its tree is under the plants' key, and names the plant.
      void queryClient.invalidateQueries({ queryKey: plantTreeQuery(saved.id).queryKey });
    },
  });
}

export function useCreateValveType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, body }: { key: string; body: ValveTypeCreateBody }) =>
      (await apiSend<ValveTypeEntry>('POST', '/api/valve-types', body, { idempotencyKey: key })) as ValveTypeEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: valveTypesQuery.queryKey }),
  });
}

export const tagPatternQuery = queryOptions({
  queryKey: ['/api/organization/tag-pattern'],
  queryFn: readQueryKey<TagPattern>,
});

export const useTagPattern = () => useQuery(tagPatternQuery);

export function useSaveTagPattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TagPattern) =>
      (await apiSend<TagPattern>('PUT', '/api/organization/tag-pattern', body)) as TagPattern,
    onSuccess: (saved) => queryClient.setQueryData(tagPatternQuery.queryKey, saved),
  });
}

/** Folds one manufacturer's spelling into another on every valve; the valves' reads then show the kept one. */
export function useMergeMakers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, body }: { key: string; body: MakerMergeBody }) =>
      (await apiSend<MergeResult>('POST', '/api/manufacturers/merge', body, { idempotencyKey: key })) as MergeResult,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: manufacturersQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/valves'] });
    },
  });
}
