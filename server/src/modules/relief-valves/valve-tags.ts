import { and, asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reliefTags } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { tagsInScope } from './scope';

/**
 * The relief valve tests due on valve records, by their tags: a tag's next test comes from its test interval (API
 * 510 / 576) and nothing else, so a maintenance plan on the same valve shows this date beside its own.
 */
export async function reliefTestsDueOn(
  db: Database,
  scope: Scope,
  valveIds: number[],
): Promise<{ tag: string; nextDueOn: string | null }[]> {
  if (!valveIds.length) return [];
  return db
    .select({ tag: reliefTags.tag, nextDueOn: reliefTags.nextDueOn })
    .from(reliefTags)
    .where(and(tagsInScope(scope), inArray(reliefTags.valveId, valveIds)))
    .orderBy(asc(reliefTags.nextDueOn), asc(reliefTags.tag));
}
