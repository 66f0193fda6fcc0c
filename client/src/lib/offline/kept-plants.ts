/**
 * Which plants this device keeps for offline use (issue 18): null means every plant the user may see, the default;
 * otherwise the plants they picked. Kept in local storage beside the offline settings (spec §3).
 */
const KEPT_PLANTS_KEY = 'valveops.offline.plants';

type Listener = () => void;
const listeners = new Set<Listener>();
export function onKeptPlantsChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readKeptPlants(storage: Storage = localStorage): string[] | null {
  try {
    const saved = JSON.parse(storage.getItem(KEPT_PLANTS_KEY) ?? 'null') as unknown;
    return Array.isArray(saved) && saved.every((p) => typeof p === 'string') ? saved : null;
  } catch {
    return null;
  }
}

export function saveKeptPlants(plants: string[] | null, storage: Storage = localStorage): void {
  if (plants === null) storage.removeItem(KEPT_PLANTS_KEY);
  else storage.setItem(KEPT_PLANTS_KEY, JSON.stringify(plants));
  for (const listener of listeners) listener();
}

/**
 * The plants to download and sync: every plant the user may see when they picked none, else the picked ones they
 * may still see (a plant taken away from them is dropped whatever was picked).
 */
export function plantsToKeep(choice: readonly string[] | null, visible: readonly string[]): string[] {
  return choice === null ? [...visible] : visible.filter((plant) => choice.includes(plant));
}

/** Ticking a plant on or off; ticking every one goes back to "all", so a plant added later is kept too. */
export function togglePlant(
  choice: readonly string[] | null,
  visible: readonly string[],
  plant: string,
  keep: boolean,
): string[] | null {
  const current = plantsToKeep(choice, visible);
  const next = keep ? [...new Set([...current, plant])] : current.filter((p) => p !== plant);
  return visible.every((p) => next.includes(p)) ? null : visible.filter((p) => next.includes(p));
}
