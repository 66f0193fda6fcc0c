import { and, eq, inArray } from 'drizzle-orm';
import { reliefTags, reliefTests } from '../../db/schema';
import { ownRow, type RecordKind } from '../../lib/record-kinds';
import { notFound } from '../../plugins/errors';

/** Relief valve test records as a record kind: a plant-limited user sees the tests of their plants' tags only. */
export const reliefTestRecords: RecordKind = {
  name: 'relief_test',
  inScope: async (db, scope, id) => {
    const [test] = await db
      .select({ id: reliefTests.id })
      .from(reliefTests)
      .leftJoin(reliefTags, eq(reliefTags.id, reliefTests.tagId))
      .where(
        and(
          eq(reliefTests.organizationId, scope.organizationId),
          eq(reliefTests.id, id),
          scope.plants ? inArray(reliefTags.plant, scope.plants) : undefined,
        ),
      );
    if (!test) throw notFound('Relief valve test not found');
  },
  history: (id) => [ownRow('relief_tests', id)],
};
