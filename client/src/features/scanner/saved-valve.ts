import type { ValveLookup, ValveSummary } from '@common/schemas/valves';
import { valveMatches } from '@/lib/offline/kept-lists';

/** Every valve record in whatever valve reads the app holds (a list, a page { items }, infinite pages, a detail). */
function valveRecords(answers: unknown[]): Record<string, unknown>[] {
  const found = new Map<number, Record<string, unknown>>();
  const queue: unknown[] = [...answers];
  while (queue.length > 0) {
    const answer = queue.shift();
    if (Array.isArray(answer)) {
      queue.push(...answer);
      continue;
    }
    if (typeof answer !== 'object' || answer === null) continue;
    const record = answer as Record<string, unknown>;
    if (Array.isArray(record.items)) queue.push(record.items);
    if (Array.isArray(record.pages)) queue.push(record.pages);
    const { id, valveId, type, size, plant, location } = record;
    if (
      typeof id === 'number' &&
      typeof valveId === 'string' &&
      typeof type === 'string' &&
      typeof size === 'string' &&
      typeof plant === 'string' &&
      typeof location === 'string' &&
      !found.has(id)
    ) {
      found.set(id, record);
    }
  }
  return [...found.values()];
}

const asLookup = (r: Record<string, unknown>): ValveLookup => ({
  id: r.id as number,
  valveId: r.valveId as string,
  type: r.type as string,
  size: r.size as string,
  plant: r.plant as string,
  // A copy kept before plants were records has no plantId; the change feed leaves an unchanged valve as it was.
  plantId: typeof r.plantId === 'number' ? r.plantId : Number.NaN,
  location: r.location as string,
});

/**
 * A valve found by its tag in the valve reads the app holds, as the scanner's lookup result. Lets the scanner work
 * offline from the saved valve list.
 */
export function findValveIn(answers: unknown[], tag: string): ValveLookup | null {
  const wanted = tag.trim().toUpperCase();
  const record = valveRecords(answers).find((r) => (r.valveId as string).toUpperCase() === wanted);
  return record ? asLookup(record) : null;
}

/** The saved valves matching typed text (every word somewhere in ID, type, maker, model, plant, location, system). */
export function valvesMatchingIn(answers: unknown[], q: string, limit: number): ValveSummary[] {
  return valveRecords(answers)
    .filter((r) => valveMatches(r as ValveSummary, q))
    .sort((a, b) => (a.valveId as string).localeCompare(b.valveId as string))
    .slice(0, limit) as ValveSummary[];
}
