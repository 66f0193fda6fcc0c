import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reliefTags, reliefTests } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { tagsInScope } from './scope';

export type ReliefMonthFigures = { plant: string; tested: number; asFoundFailed: number; asLeftFailed: number };

/**
 * The relief valve tests of a month for the monthly plant report, per plant: submitted records filed under a tag
 * with their test day in [from, to) (plant days, YYYY-MM-DD), how many failed as found (the valve was not fit in
 * service) and as left (not returned to service, OSHA 1910.119(j)(5)). A spare's test belongs to no plant.
 */
export function reliefTestsInMonth(
  db: Database,
  scope: Scope,
  from: string,
  to: string,
): Promise<ReliefMonthFigures[]> {
  return db
    .select({
      plant: reliefTags.plant,
      tested: sql<number>`count(*)::int`,
      asFoundFailed: sql<number>`count(*) filter (where ${reliefTests.asFoundResult} = 'fail')::int`,
      asLeftFailed: sql<number>`count(*) filter (where ${reliefTests.asLeftResult} = 'fail')::int`,
    })
    .from(reliefTests)
    .innerJoin(reliefTags, eq(reliefTags.id, reliefTests.tagId))
    .where(
      and(
        tagsInScope(scope),
        eq(reliefTests.status, 'submitted'),
        gte(reliefTests.testedOn, from),
        lt(reliefTests.testedOn, to),
      ),
    )
    .groupBy(reliefTags.plant)
    .orderBy(reliefTags.plant);
}
