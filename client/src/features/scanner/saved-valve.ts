import type { ValveLookup } from '@common/schemas/valves';

/**
 * A valve found by its tag in whatever valve reads the app holds (a list, a page { items }, infinite pages
 * { pages }, a detail), as the scanner's lookup result. Lets the scanner work offline from the saved valve list.
 */
export function findValveIn(answers: unknown[], tag: string): ValveLookup | null {
  const wanted = tag.trim().toUpperCase();
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
      typeof valveId === 'string' &&
      valveId.toUpperCase() === wanted &&
      typeof id === 'number' &&
      typeof type === 'string' &&
      typeof size === 'string' &&
      typeof plant === 'string' &&
      typeof location === 'string'
    ) {
      return { id, valveId, type, size, plant, location };
    }
  }
  return null;
}
