import { foldMakerName } from '@common/makers';
import type { Maker } from '@common/schemas/makers';
import type { Plant, ValveTypeEntry } from '@common/schemas/plants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from './query-client';
import { useSession } from './session/session-query';

/*
 * The organization's plants and valve catalog (issue 30): data its admins keep, read by every screen that offers a
 * plant or a type. They change seldom, so a read is kept an hour; a write of the plants screen refreshes them.
 */

const KEPT_MS = 60 * 60 * 1000;

const PLANTS_PATH = '/api/plants';
const VALVE_TYPES_PATH = '/api/valve-types';

/** Every plant, retired ones too (a retired plant's valves and history still name it), ordered by name. */
export const plantsQuery = queryOptions({
  queryKey: [PLANTS_PATH],
  queryFn: readQueryKey<Plant[]>,
  staleTime: KEPT_MS,
});

/** The catalog: the standard types first, then the organization's own, each with its count of valves. */
export const valveTypesQuery = queryOptions({
  queryKey: [VALVE_TYPES_PATH],
  queryFn: readQueryKey<ValveTypeEntry[]>,
  staleTime: KEPT_MS,
});

/** The makers and models the organization's valves already name: the valve form suggests them. */
export const manufacturersQuery = queryOptions({
  queryKey: ['/api/manufacturers'],
  queryFn: readQueryKey<Maker[]>,
  staleTime: 5 * 60 * 1000,
});

/**
 * Read once someone is signed in: the shell's dialogs (always mounted) use them, and a signed-out visitor's page
 * must not ask for data the server refuses.
 */
const useSignedIn = () => Boolean(useSession().data);
export const usePlants = () => useQuery({ ...plantsQuery, enabled: useSignedIn() });
export const useValveTypes = () => useQuery({ ...valveTypesQuery, enabled: useSignedIn() });
export const useManufacturers = () => useQuery({ ...manufacturersQuery, enabled: useSignedIn() });

/** The models of the maker typed, in any case and spacing: what the model field suggests. */
export function modelsOf(makers: readonly Maker[] | undefined, manufacturer: string): string[] {
  const maker = makers?.find((m) => foldMakerName(m.name) === foldMakerName(manufacturer));
  return maker ? maker.models.map((m) => m.name) : [];
}

/** A plant's IANA zone by its name; a plant the list does not know (or a list not loaded yet) keeps UTC. */
export function plantZone(plants: readonly Plant[] | undefined, name: string): string {
  return plants?.find((plant) => plant.name === name)?.timeZone ?? 'UTC';
}

/**
 * The plants in the order they were added (the list comes by name): the organization's first plant first, as
 * the demo's spec lists its four. Forms and filters offer them so; the first is a form's default.
 */
const inOrder = (plants: readonly Plant[] | undefined): Plant[] => [...(plants ?? [])].sort((a, b) => a.id - b.id);

/** The plants a form offers: the ones in service (a retired plant takes no new valves, orders or alarms). */
export function activePlantNames(plants: readonly Plant[] | undefined): string[] {
  return inOrder(plants)
    .filter((plant) => !plant.retired)
    .map((plant) => plant.name);
}

/**
 * The organization's own zone, for what belongs to no one plant (a plan over valves named by tag): its first plant
 * in service's, else the device's.
 */
export function mainZone(plants: readonly Plant[] | undefined, deviceZone: string): string {
  return inOrder(plants).find((plant) => !plant.retired)?.timeZone ?? deviceZone;
}

/**
 * The plants a filter offers: the user's own when they are limited to some (the others would always show an empty
 * list), else every plant, retired ones too (their valves are still listed); the chosen one always, so a filter
 * set from a link shows what it narrows to.
 */
export function filterPlantNames(
  plants: readonly Plant[] | undefined,
  ownPlants: readonly string[],
  chosen?: string,
): string[] {
  const names = inOrder(plants).map((plant) => plant.name);
  const seen = ownPlants.length ? names.filter((name) => ownPlants.includes(name)) : names;
  return withChosen(seen, chosen);
}

/**
 * The types a filter offers: those the organization has valves of, in catalog order, and the chosen one; a type no
 * valve has would only ever show an empty list.
 */
export function filterTypeNames(types: readonly ValveTypeEntry[] | undefined, chosen?: string): string[] {
  return withChosen(
    (types ?? []).filter((type) => type.valves > 0).map((type) => type.name),
    chosen,
  );
}

/** The whole catalog by name, for a form's type select. */
export const typeNames = (types: readonly ValveTypeEntry[] | undefined): string[] =>
  (types ?? []).map((type) => type.name);

/** A select's names with the chosen one kept: a retired plant a valve is in, a type a link names. */
export const withChosen = (names: string[], chosen?: string): string[] =>
  chosen && chosen !== 'all' && !names.includes(chosen) ? [...names, chosen] : names;

/**
 * A plant or type name read from a URL: any name the contract could take (trimmed, at most 80 characters, no
 * comma), else '' (not narrowed). The lists are data now, so a name no plant has simply finds nothing.
 */
export function nameFromUrl(value: string | null): string {
  const name = value?.trim() ?? '';
  return name.length <= 80 && !name.includes(',') ? name : '';
}
