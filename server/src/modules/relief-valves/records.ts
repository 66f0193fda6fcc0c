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
import { notFound } from '../../plugins/errors';
import { submitBlockers } from './judge';

export const TEST_NOT_FOUND = 'Relief valve test record not found';

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

/** The position a device served on a day: its latest installation begun on or before it (null: a spare). */
export async function tagServedOn(db: Database, deviceId: number, day: string): Promise<number | null> {
  const [row] = await db
    .select({ tagId: reliefInstallations.tagId })
    .from(reliefInstallations)
    .where(and(eq(reliefInstallations.deviceId, deviceId), lte(reliefInstallations.installedOn, day)))
    .orderBy(desc(reliefInstallations.installedOn), desc(reliefInstallations.id))
    .limit(1);
  return row?.tagId ?? null;
}

/** A test record as the form, the certificate and the lists show it; 404 outside the scope. */
export async function readTest(db: Database, scope: Scope, id: number): Promise<ReliefTest> {
  const [row] = await db
    .select({
      test: reliefTests,
      device: reliefDevices,
      tag: {
        id: reliefTags.id,
        tag: reliefTags.tag,
        plant: reliefTags.plant,
        protectedEquipment: reliefTags.protectedEquipment,
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
    .where(and(eq(reliefTests.organizationId, scope.organizationId), eq(reliefTests.id, id)));
  if (!row || (scope.plants && row.tag?.id && !scope.plants.includes(row.tag.plant))) throw notFound(TEST_NOT_FOUND);
  const { test, device, certificate, gauge } = row;
  const qualification = await qualificationOf(db, test.testerUserId, test.certificateId);
  const work = test.work as ReliefTestWork;
  const instrument = (i: typeof gauge | NonNullable<typeof row.bench>) => ({
    id: i.id,
    kind: i.kind as 'bench' | 'gauge',
    identifier: i.identifier,
    description: i.description,
    calibrationDueOn: i.calibrationDueOn,
  });
  const benchUsed = row.bench?.id ? instrument(row.bench as NonNullable<typeof row.bench>) : null;
  return {
    id: test.id,
    status: test.status as ReliefTest['status'],
    testedOn: test.testedOn,
    place: test.place,
    medium: test.medium,
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
      version: device.version,
    },
    tag: row.tag?.id ? row.tag : null,
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
    asFoundJudgement: test.asFoundJudgement as Stage,
    asLeftJudgement: test.asLeftJudgement as Stage,
    asFoundResult: test.asFoundResult as ReliefTest['asFoundResult'],
    asLeftResult: test.asLeftResult as ReliefTest['asLeftResult'],
    override: test.override as Override,
    nameplateAccepted:
      test.nameplateAcceptedAt && row.acceptedBy
        ? { by: row.acceptedBy, at: test.nameplateAcceptedAt.toISOString() }
        : null,
    workOrder: row.workOrder?.id ? row.workOrder : null,
    blockers:
      test.status === 'submitted'
        ? []
        : submitBlockers({
            testedOn: test.testedOn,
            hasAsFound: Boolean(work.asFound),
            testerName: row.tester.name,
            certificate,
            qualification,
            instruments: benchUsed ? [gauge, benchUsed] : [gauge],
          }),
    submittedAt: test.submittedAt?.toISOString() ?? null,
    version: test.version,
  };
}
