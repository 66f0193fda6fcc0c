import { reliefTestExportQuery } from '@common/schemas/exports';
import { and, asc, eq, gt, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { reliefDevices, reliefTags, reliefTests, users } from '../../db/schema';
import { exportSource, inWords } from '../../lib/exports/source';
import type { Scope } from '../../lib/scope';
import { devicesInScope } from './scope';

/** A test in the scope: its tag's plant, or its device's for a spare's bench test (scope.ts's rule). */
const testsInScope = (scope: Scope) =>
  and(
    eq(reliefTests.organizationId, scope.organizationId),
    scope.plants
      ? or(inArray(reliefTags.plant, scope.plants), and(isNull(reliefTests.tagId), devicesInScope(scope)))
      : undefined,
  );

/** The day part of a filter's instant: tests are dated by day. */
const day = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Relief valve test records as a file (decisions/107): in the scope of scope.ts, filtered by the tag's plant, the
 * record's status and its test day, in keyset pages on the id. Pressures in psi, as the work is kept.
 */
export const reliefTestExport = exportSource({
  kind: 'relief-tests',
  filters: reliefTestExportQuery,
  columns: [
    { header: 'Test date', cell: (r: ReliefTestRow) => r.testedOn, width: 12 },
    { header: 'Tag', cell: (r) => r.tag, width: 16 },
    { header: 'Plant', cell: (r) => r.plant, width: 20 },
    { header: 'Serial number', cell: (r) => r.serialNumber, width: 16 },
    { header: 'Manufacturer', cell: (r) => r.manufacturer, width: 18 },
    { header: 'Model', cell: (r) => r.model, width: 16 },
    { header: 'Set pressure (psi)', cell: (r) => r.setPressure, width: 18 },
    { header: 'Medium', cell: (r) => r.medium },
    { header: 'Place', cell: (r) => inWords(r.place) },
    { header: 'As found', cell: (r) => inWords(r.asFoundResult) },
    { header: 'As left', cell: (r) => inWords(r.asLeftResult) },
    { header: 'Tester', cell: (r) => r.tester, width: 20 },
    { header: 'Status', cell: (r) => inWords(r.status) },
    { header: 'Submitted', cell: (r) => r.submittedAt, width: 20 },
  ],
  page: (db, scope, query, after, size) =>
    db
      .select(fields)
      .from(reliefTests)
      .innerJoin(reliefDevices, eq(reliefDevices.id, reliefTests.deviceId))
      .innerJoin(users, eq(users.id, reliefTests.testerUserId))
      .leftJoin(reliefTags, eq(reliefTags.id, reliefTests.tagId))
      .where(
        and(
          testsInScope(scope),
          query.plant ? eq(reliefTags.plant, query.plant) : undefined,
          query.status ? eq(reliefTests.status, query.status) : undefined,
          query.from ? gte(reliefTests.testedOn, day(query.from)) : undefined,
          query.to ? lte(reliefTests.testedOn, day(query.to)) : undefined,
          after ? gt(reliefTests.id, after.id) : undefined,
        ),
      )
      .orderBy(asc(reliefTests.id))
      .limit(size),
});

const fields = {
  id: reliefTests.id,
  testedOn: reliefTests.testedOn,
  tag: reliefTags.tag,
  plant: reliefTags.plant,
  serialNumber: reliefDevices.serialNumber,
  manufacturer: reliefDevices.manufacturer,
  model: reliefDevices.model,
  setPressure: reliefTests.setPressure,
  medium: reliefTests.medium,
  place: reliefTests.place,
  asFoundResult: reliefTests.asFoundResult,
  asLeftResult: reliefTests.asLeftResult,
  tester: users.name,
  status: reliefTests.status,
  submittedAt: reliefTests.submittedAt,
};
type ReliefTestRow = {
  id: number;
  testedOn: string;
  tag: string | null;
  plant: string | null;
  serialNumber: string;
  manufacturer: string;
  model: string;
  setPressure: number;
  medium: string;
  place: string;
  asFoundResult: string | null;
  asLeftResult: string | null;
  tester: string;
  status: string;
  submittedAt: Date | null;
};
