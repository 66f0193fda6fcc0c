import { VALVE_TAG_MESSAGE, VALVE_TAG_PATTERN } from '@common/constants';
import type { ValveLookup } from '@common/schemas/valves';
import { apiGet } from '@/lib/http';
import { isNotFound } from '@/lib/route-id';
import type { ParsedReading, RowProblem } from './csv-mapping';

const LOOKUPS_AT_ONCE = 4;

/**
 * Which of the file's valve tags name a valve this user may write readings for, asked one tag at a time (a file
 * names tens of valves; the plant may have ten thousand). The server refuses a batch holding an unknown tag
 * whole, so unknown tags are found and reported before anything is sent.
 */
export async function findKnownTags(
  tags: string[],
  lookup: (tag: string) => Promise<unknown> = (tag) =>
    apiGet<ValveLookup>(`/api/valves/valve-id/${encodeURIComponent(tag)}`),
): Promise<Set<string>> {
  const known = new Set<string>();
  const queue = tags.filter((tag) => VALVE_TAG_PATTERN.test(tag));
  const worker = async () => {
    for (let tag = queue.shift(); tag !== undefined; tag = queue.shift()) {
      try {
        await lookup(tag);
        known.add(tag);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: LOOKUPS_AT_ONCE }, worker));
  return known;
}

/** The readings of known valves, and one problem per row naming a tag that is malformed or not found. */
export function keepKnownValves(
  readings: ParsedReading[],
  known: ReadonlySet<string>,
): { readings: ParsedReading[]; problems: RowProblem[] } {
  const kept: ParsedReading[] = [];
  const problems: RowProblem[] = [];
  let lastProblemRow = -1;
  for (const reading of readings) {
    if (known.has(reading.valveTag)) {
      kept.push(reading);
      continue;
    }
    if (reading.row === lastProblemRow) continue;
    lastProblemRow = reading.row;
    problems.push({
      row: reading.row,
      reason: VALVE_TAG_PATTERN.test(reading.valveTag)
        ? `valve '${reading.valveTag}' not found`
        : `valve tag '${reading.valveTag}' ${VALVE_TAG_MESSAGE}`,
    });
  }
  return { readings: kept, problems };
}
