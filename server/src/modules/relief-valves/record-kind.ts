import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reliefDevices, reliefTags, reliefTests } from '../../db/schema';
import { ownRow, type RecordKind } from '../../lib/record-kinds';
import { conflict } from '../../plugins/errors';
import { plantTimeZone } from '../plants';
import { signatureRowsOf } from '../signatures';
import { reliefTestInScope } from './scope';

/**
 * What a signature on a relief valve test record binds (decisions/099): the device and tag, the conditions of the
 * test, every reading and finding as entered, and the verdicts with any engineer's override (an engineer's
 * acceptance of the plate found changes the device record, not what was tested, so it is not). A draft is not
 * signed: its readings may still be missing (issue 28), so the signer would sign an incomplete record.
 */
async function signedFields(db: Database, id: number) {
  const [row] = await db
    .select({
      status: reliefTests.status,
      Device: reliefDevices.serialNumber,
      Tag: reliefTags.tag,
      'Tested on': reliefTests.testedOn,
      Place: reliefTests.place,
      Medium: reliefTests.medium,
      'Pressure unit': reliefTests.pressureUnit,
      'Set pressure (psi)': reliefTests.setPressure,
      Code: reliefTests.code,
      Certificate: reliefTests.certificateId,
      Gauge: reliefTests.gaugeId,
      Bench: reliefTests.benchId,
      Work: reliefTests.work,
      'As-found result': reliefTests.asFoundResult,
      'As-left result': reliefTests.asLeftResult,
      Override: reliefTests.override,
    })
    .from(reliefTests)
    .innerJoin(reliefDevices, eq(reliefDevices.id, reliefTests.deviceId))
    .leftJoin(reliefTags, eq(reliefTags.id, reliefTests.tagId))
    .where(eq(reliefTests.id, id));
  if (!row) return {};
  const { status, ...fields } = row;
  if (status !== 'submitted') throw conflict('A draft is not signed: submit the test record first.');
  return fields;
}

/** Relief valve test records as a record kind: in scope by their tag's plant (a spare's test by its device's). */
export const reliefTestRecords: RecordKind = {
  name: 'relief_test',
  inScope: async (db, scope, id) => void (await reliefTestInScope(db, scope, id)),
  history: (id) => [ownRow('relief_tests', id), signatureRowsOf('relief_test', sql`${id}`)],
  signedFields,
  timeZoneOf: async (db, id) => {
    const [row] = await db
      .select({ plant: reliefTags.plant, organizationId: reliefTags.organizationId })
      .from(reliefTests)
      .innerJoin(reliefTags, eq(reliefTags.id, reliefTests.tagId))
      .where(eq(reliefTests.id, id));
    return row ? plantTimeZone(db, row.organizationId, row.plant) : null;
  },
};
