import { areaOfLocation } from '@common/plant-places';
import type { PlantTree } from '@common/schemas/plant-tree';
import type { Plant } from '@common/schemas/plants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from './query-client';

/*
 * A plant's areas and systems (issue 30). In lib because two features read it: the plants feature shows and keeps
 * the tree, the valve form suggests its names. Under the plants key, so a write that refreshes the plants (a valve
 * added in a new area) refreshes the trees too.
 */

export const plantTreeQuery = (plantId: number) =>
  queryOptions({ queryKey: ['/api/plants', plantId, 'tree'] as const, queryFn: readQueryKey<PlantTree> });

/** Not read until the plant is known (a form whose plant list is still loading). */
export const usePlantTree = (plantId: number | null) =>
  useQuery({ ...plantTreeQuery(plantId ?? 0), enabled: plantId !== null });

/** Names compare as the server compares them: "unit 1" is the Unit 1 already there. */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The id of the plant of that name, or null while the list is loading or when no plant has it. */
export function plantIdOf(plants: readonly Plant[] | undefined, name: string): number | null {
  return plants?.find((plant) => plant.name === name)?.id ?? null;
}

/** The plant's areas by name, for the valve form's Area suggestions. */
export const areaNames = (tree: PlantTree | undefined): string[] => (tree?.areas ?? []).map((area) => area.name);

/**
 * The systems the System field suggests: those of the area named (in any case); with no area named yet, every
 * system of the plant, once each. An area the tree does not have yet has no systems to suggest.
 */
export function systemNames(tree: PlantTree | undefined, area: string): string[] {
  const areas = tree?.areas ?? [];
  if (!area.trim()) {
    const names = areas.flatMap((a) => a.systems.map((system) => system.name));
    return [...new Set(names)].sort((a, b) => a.localeCompare(b));
  }
  return areas.find((a) => sameName(a.name, area))?.systems.map((system) => system.name) ?? [];
}

/**
 * The System field's suggestions on the valve form: those of the area typed; with none typed, those of the area
 * the location names (where the server will put the valve), else every system of the plant.
 */
export function suggestedSystems(tree: PlantTree | undefined, area: string, location: string): string[] {
  if (area.trim()) return systemNames(tree, area);
  const fromLocation = areaOfLocation(location);
  const known = fromLocation && tree?.areas.some((a) => sameName(a.name, fromLocation));
  return systemNames(tree, known ? fromLocation : '');
}
