import { cmp } from '@common/relief-valves/exact';
import type { ReliefTest, ReliefTestWork } from '@common/schemas/relief-valves';
import { and, desc, eq, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  reliefCertificates,
  reliefDevices,
  reliefInstallations,
  reliefInstruments,
  reliefQualifications,
  reliefTags,
  reliefTests,
  users,
  workOrders,
} from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { exactSet, isRepair, type StoredSet, submitBlockers } from './judge';
import { reliefTestInScope } from './scope';

const bench = alias(reliefInstruments, 'bench');
const acceptedBy = alias(users, 'accepted_by');

type Stage = ReliefTest['asFoundJudgement'];
type Override = { verdict: 'pass' | 'fail'; reason: string; by: string; at: string } | null;

/** The qualification a tester holds under a certificate, the latest to expire first. */
export async function qualificationOf(db: Database, userId: number, certificateId: number) {
  const [row] = await db
    .select({
      number: reliefQualifications.number,
      scope: reliefQualifications.scope,
      expiresOn: reliefQualifications.expiresOn,
    })
    .from(reliefQualifications)
    .where(and(eq(reliefQualifications.userId, userId), eq(reliefQualifications.certificateId, certificateId)))
    .orderBy(desc(reliefQualifications.expiresOn))
    .limit(1);
  return row ?? null;
}

/**
 * Whether a submitted record returns its device to service: its as-left verdict, or where it was only tested as
 * found, a clean as-found test. A failed as-left test keeps it out (OSHA 1910.119(j)(5)); null for a draft.
 */
function returnedToService(test: { status: string; asFoundResult: string | null; asLeftResult: string | null }) {
  if (test.status !== 'submitted') return null;
  if (test.asLeftResult) return test.asLeftResult === 'pass';
  return test.asFoundResult === 'pass' ? true : null;
}

/**
 * Where the device tested is set to another pressure than the tag it served (installed with an engineer's reason),
 * the record says so: it is judged at the device's nameplate set, never silently.
 */
async function setPressureNote(
  db: Database,
  test: { deviceId: number; testedOn: string },
  device: StoredSet,
  tag: StoredSet & { id: number; tag: string },
) {
  if (cmp(exactSet(device), exactSet(tag)) === 0) return null;
  const [installation] = await db
    .select({ reason: reliefInstallations.setPressureReason })
    .from(reliefInstallations)
    .where(
      and(
        eq(reliefInstallations.deviceId, test.deviceId),
        eq(reliefInstallations.tagId, tag.id),
        lte(reliefInstallations.installedOn, test.testedOn),
      ),
    )
    .orderBy(desc(reliefInstallations.installedOn))
    .limit(1);
  return `Judged at the device's set pressure ${device.setPressure} psi; tag ${tag.tag} is set at ${tag.setPressure} psi${installation?.reason ? ` (installed with the engineer's reason: ${installation.reason})` : ''}.`;
}

/** A test record as the form, the certificate and the lists show it; 404 outside the scope. */
export async function readTest(db: Database, scope: Scope, id: number): Promise<ReliefTest> {
  await reliefTestInScope(db, scope, id);
  const [row] = await db
    .select({
      test: reliefTests,
      device: reliefDevices,
      tag: {
        id: reliefTags.id,
        tag: reliefTags.tag,
        plant: reliefTags.plant,
        protectedEquipment: reliefTags.protectedEquipment,
        setPressure: reliefTags.setPressure,
        setPressureEntered: reliefTags.setPressureEntered,
        pressureUnit: reliefTags.pressureUnit,
      },
      tester: { id: users.id, name: users.name },
      certificate: reliefCertificates,
      gauge: reliefInstruments,
      bench: {
        id: bench.id,
        kind: bench.kind,
        identifier: bench.identifier,
        description: bench.description,
        calibrationDueOn: bench.calibrationDueOn,
        calibratedOn: bench.calibratedOn,
        rangeMax: bench.rangeMax,
        rangeUnit: bench.rangeUnit,
        accuracyPercent: bench.accuracyPercent,
      },
      acceptedBy: acceptedBy.name,
      workOrder: { id: workOrders.id, workOrderId: workOrders.workOrderId },
    })
    .from(reliefTests)
    .innerJoin(reliefDevices, eq(reliefDevices.id, reliefTests.deviceId))
    .leftJoin(reliefTags, eq(reliefTags.id, reliefTests.tagId))
    .innerJoin(users, eq(users.id, reliefTests.testerUserId))
    .innerJoin(reliefCertificates, eq(reliefCertificates.id, reliefTests.certificateId))
    .innerJoin(reliefInstruments, eq(reliefInstruments.id, reliefTests.gaugeId))
    .leftJoin(bench, eq(bench.id, reliefTests.benchId))
    .leftJoin(acceptedBy, eq(acceptedBy.id, reliefTests.nameplateAcceptedByUserId))
    .leftJoin(workOrders, eq(workOrders.id, reliefTests.workOrderId))
    .where(eq(reliefTests.id, id));
  const { test, device, certificate, gauge } = row;
  const qualification = await qualificationOf(db, test.testerUserId, test.certificateId);
  const work = test.work as ReliefTestWork;
  const instrument = (i: typeof gauge | NonNullable<typeof row.bench>) => ({
    id: i.id,
    kind: i.kind as 'bench' | 'gauge',
    identifier: i.identifier,
    description: i.description,
    calibrationDueOn: i.calibrationDueOn,
    calibratedOn: i.calibratedOn,
    rangeMax: i.rangeMax,
    rangeUnit: i.rangeUnit,
    accuracyPercent: i.accuracyPercent,
  });
  const benchUsed = row.bench?.id ? instrument(row.bench as NonNullable<typeof row.bench>) : null;
  const asFoundJudgement = test.asFoundJudgement as Stage;
  const asLeftJudgement = test.asLeftJudgement as Stage;
  const blockers =
    test.status === 'submitted'
      ? []
      : submitBlockers({
          testedOn: test.testedOn,
          hasAsFound: Boolean(work.asFound),
          repairedWithoutAsLeft: isRepair(work) && !work.asLeft,
          judgements: { asFound: asFoundJudgement, asLeft: asLeftJudgement },
          set: exactSet(device),
          testerName: row.tester.name,
          certificate,
          qualification,
          gauge,
          bench: benchUsed,
        });
  return {
    id: test.id,
    status: test.status as ReliefTest['status'],
    testedOn: test.testedOn,
    place: test.place,
    medium: test.medium,
    pressureUnit: test.pressureUnit,
    setPressure: test.setPressure,
    code: test.code,
    device: {
      id: device.id,
      serialNumber: device.serialNumber,
      manufacturer: device.manufacturer,
      model: device.model,
      orifice: device.orifice,
      inletSize: device.inletSize,
      outletSize: device.outletSize,
      setPressure: device.setPressure,
      capacity: device.capacity,
      codeStamp: device.codeStamp,
      design: device.design,
      seatType: device.seatType,
      code: device.code,
      serviceFluid: device.serviceFluid,
      coldDifferentialTestPressure: device.coldDifferentialTestPressure,
      superimposedBackPressure: device.superimposedBackPressure,
      builtUpBackPressure: device.builtUpBackPressure,
      version: device.version,
    },
    tag: row.tag?.id
      ? { id: row.tag.id, tag: row.tag.tag, plant: row.tag.plant, protectedEquipment: row.tag.protectedEquipment }
      : null,
    setPressureNote: row.tag?.id ? await setPressureNote(db, test, device, row.tag) : null,
    tester: { ...row.tester, qualification: qualification?.number ?? null },
    certificate: {
      id: certificate.id,
      kind: certificate.kind as ReliefTest['certificate']['kind'],
      number: certificate.number,
      holder: certificate.holder,
      expiresOn: certificate.expiresOn,
    },
    gauge: instrument(gauge),
    bench: benchUsed,
    work,
    asFoundJudgement,
    asLeftJudgement,
    asFoundResult: test.asFoundResult as ReliefTest['asFoundResult'],
    asLeftResult: test.asLeftResult as ReliefTest['asLeftResult'],
    override: test.override as Override,
    nameplateAccepted:
      test.nameplateAcceptedAt && row.acceptedBy
        ? { by: row.acceptedBy, at: test.nameplateAcceptedAt.toISOString() }
        : null,
    workOrder: row.workOrder?.id ? row.workOrder : null,
    blockers: blockers.map((b) => b.message),
    blockerFields: blockers,
    returnedToService: returnedToService(test),
    submittedAt: test.submittedAt?.toISOString() ?? null,
    version: test.version,
  };
}
