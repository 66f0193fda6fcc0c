import type { PlantAreaNode, PlantSystemNode } from '@common/schemas/plant-tree';

/**
 * The valve list narrowed to a node of the tree: /valves?plant=…&area=…[&system=…]. The list reads these names
 * (features/valves/valve-filters.ts) and the server matches them in any case.
 */
export function valveListLink(plant: string, area: string, system?: string): string {
  const search = new URLSearchParams({ plant, area });
  if (system) search.set('system', system);
  return `/valves?${search}`;
}

/** The areas a system may move to: the plant's others, as the tree orders them. */
export function moveTargets(areas: readonly PlantAreaNode[], fromAreaId: number): PlantAreaNode[] {
  return areas.filter((area) => area.id !== fromAreaId);
}

/** The server's rule for removing a node: it holds no valve, decommissioned ones included (their history names it). */
export const holdsNoValves = (node: PlantAreaNode | PlantSystemNode) => node.valves + node.decommissioned === 0;
