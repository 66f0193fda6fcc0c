import { cmp, div, pascals, ratio, sub } from '@common/relief-valves/exact';
import type { TestMedium } from '@common/relief-valves/rules';
import type { SessionUser } from '@common/schemas/auth';
import { PLANT_TIME_ZONES } from '@common/schemas/maintenance-plans';
import type { ReliefTest, reliefTestBody } from '@common/schemas/relief-valves';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, inTransaction } from '../../db/client';
import { reliefCertificates, reliefDevices, reliefInstruments, reliefTests, valves } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { HttpError, invalidField, notFound, staleVersion } from '../../plugins/errors';
import { findPhoto } from '../photos';
import { isSigned } from '../signatures';
import { raiseNumberedWorkOrder } from '../work-orders';
import { exactSet, isRepair, judgeWork, resultOf } from './judge';
import { workInPsi } from './pressures';
import { qualificationOf, readTest } from './records';
import { reliefDeviceInScope, reliefTestInScope, TEST_NOT_FOUND, tagServedOn } from './scope';
import { replayTag } from './tag-intervals';

type Body = z.infer<typeof reliefTestBody>;

/**
 * Today where a plant is. A device never installed has no plant: the latest today of any plant or of UTC, so only a
 * date certainly in the future is refused.
 */
export function plantToday(plant: string | null, now = new Date()): string {
  const day = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
  const zones =
    plant && plant in PLANT_TIME_ZONES
      ? [PLANT_TIME_ZONES[plant as keyof typeof PLANT_TIME_ZONES]]
      : [...Object.values(PLANT_TIME_ZONES), 'UTC'];
  return zones.map(day).sort().at(-1) as string;
}

/**
 * Readings no test can give, refused at the field (400): a seat held above the set pressure (API 527 tests below
 * set), or a blowdown over half the set (no relief valve reseats there: a mistyped reading). In the entered unit,
 * compared exactly.
 */
function refuseNonsense(body: Body, set: ReturnType<typeof exactSet>) {
  const unit = body.pressureUnit;
  for (const stage of ['asFound', 'asLeft'] as const) {
    const pop = body[stage];
    if (pop?.opening != null && pop.reseat != null) {
      const blowdown = sub(pascals(pop.opening, unit), pascals(pop.reseat, unit));
      if (cmp(div(blowdown, set), ratio(1, 2)) > 0) {
        throw invalidField(`${stage}.reseat`, 'gives a blowdown over 50% of the set pressure: check the reading');
      }
    }
    const seat = body[`${stage}Seat`];
    if (seat && cmp(pascals(seat.heldPressure, unit), set) > 0) {
      throw invalidField(
        `${stage}Seat.heldPressure`,
        'is above the set pressure: the seat is tested below set (API 527)',
      );
    }
  }
}

/**
 * The nameplate photo must be a photo of the position's valve record (or of a work order on it): the certificate
 * prints it as this device's plate, so a photo of another valve, or of none, is refused at the field.
 */
async function refuseForeignPhoto(db: Database, scope: Scope, photoId: number, valveId: number | null) {
  if (valveId === null) {
    throw invalidField('nameplatePhotoId', "has no valve record to belong to: this device's position keeps none");
  }
  // Not found (gone, deleted, out of scope) is the same refusal as another valve's photo.
  const photo = await findPhoto(db, scope, photoId).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  });
  if (photo?.valve.id !== valveId) throw invalidField('nameplatePhotoId', "is not a photo of this position's valve");
}

/**
 * Records a shop visit or an in-place test. The device's set pressure and code decide the verdicts; the record is
 * filed under the device and under the position it served on the test date, so a swap keeps each history apart.
 * A T/O holder (or a tester qualified to test only) may not record a repair. Saved as a draft, or submitted at once.
 */
export async function createTest(db: Database, scope: Scope, actor: SessionUser, body: Body): Promise<ReliefTest> {
  const org = scope.organizationId;
  const device = await reliefDeviceInScope(db, scope, body.deviceId);
  const served = await tagServedOn(db, body.deviceId, body.testedOn);
  // A record dated after today where the valve is would move its tag's due date on a test not yet done.
  const today = plantToday(served?.plant ?? (await tagServedOn(db, body.deviceId, '9999-12-31'))?.plant ?? null);
  if (body.testedOn > today)
    throw invalidField('testedOn', `must not be in the future (today is ${today} at the plant)`);
  refuseNonsense(body, exactSet(device));
  const [certificate] = await db
    .select()
    .from(reliefCertificates)
    .where(and(eq(reliefCertificates.organizationId, org), eq(reliefCertificates.id, body.certificateId)));
  if (!certificate) throw invalidField('certificateId', 'is not a certificate of your organization');
  const instrumentIds = [body.gaugeId, ...(body.benchId ? [body.benchId] : [])];
  const instruments = await db
    .select({ id: reliefInstruments.id, kind: reliefInstruments.kind })
    .from(reliefInstruments)
    .where(and(eq(reliefInstruments.organizationId, org), inArray(reliefInstruments.id, instrumentIds)));
  if (!instruments.some((i) => i.id === body.gaugeId && i.kind === 'gauge')) {
    throw invalidField('gaugeId', 'is not a gauge of your organization');
  }
  if (body.benchId && !instruments.some((i) => i.id === body.benchId && i.kind === 'bench')) {
    throw invalidField('benchId', 'is not a test bench of your organization');
  }
  if (body.nameplatePhotoId) await refuseForeignPhoto(db, scope, body.nameplatePhotoId, served?.valveId ?? null);
  const { deviceId, testedOn, place, medium, certificateId, gaugeId, benchId, pressureUnit, submit, ...entered } = body;
  const work = workInPsi(entered, pressureUnit);
  if (isRepair(work)) {
    const qualification = await qualificationOf(db, actor.id, certificateId);
    if (certificate.kind === 'to') {
      throw new HttpError(
        403,
        `Certificate ${certificate.number} is test only (NB T/O): its holders may test and adjust, not dismantle or repair. Parts replaced or a repair nameplate need a VR or owner's programme certificate.`,
      );
    }
    if (qualification?.scope === 'test') {
      throw new HttpError(
        403,
        `${actor.name}'s qualification ${qualification.number} is to test only: a repair (parts replaced, a repair nameplate) needs a repair qualification.`,
      );
    }
  }
  const tagId = served?.tagId ?? null;
  const judged = judgeWork(device, medium as TestMedium, entered, pressureUnit);
  const [created] = await db
    .insert(reliefTests)
    .values({
      organizationId: org,
      deviceId,
      tagId,
      testedOn,
      place,
      medium,
      pressureUnit,
      testerUserId: actor.id,
      certificateId,
      gaugeId,
      benchId: benchId ?? null,
      setPressure: device.setPressure,
      code: device.code,
      work,
      asFoundJudgement: judged.asFound,
      asLeftJudgement: judged.asLeft,
      asFoundResult: resultOf(judged.asFound),
      asLeftResult: resultOf(judged.asLeft),
    })
    .returning({ id: reliefTests.id, version: reliefTests.version });
  const draft = await readTest(db, scope, created.id);
  // Anything missing or expired keeps it a draft: saved, answered with its blockers, never submitted.
  if (submit && !draft.blockers.length) return submitTest(db, scope, actor, created.id, created.version);
  return draft;
}

async function lockTest(db: Database, scope: Scope, id: number) {
  await reliefTestInScope(db, scope, id);
  const [row] = await db.select().from(reliefTests).where(eq(reliefTests.id, id)).for('update');
  if (!row) throw notFound(TEST_NOT_FOUND);
  return row;
}

/**
 * Submits a draft: refused (422, saying which) while the tester's qualification, the certificate or a gauge or
 * bench is expired on the test date. A submitted record moves its tag's due date, and a failed as-found test
 * raises a corrective work order.
 */
export async function submitTest(db: Database, scope: Scope, actor: SessionUser, id: number, version: number) {
  const current = await readTest(db, scope, id);
  if (current.status === 'submitted') throw new HttpError(409, 'This test record is already submitted.');
  if (current.blockers.length) {
    throw new HttpError(422, `Saved as a draft, not submitted: ${current.blockers.join(' ')}`, {
      issues: current.blockerFields,
    });
  }
  await inTransaction(db, async (tx) => {
    const row = await lockTest(tx, scope, id);
    if (row.version !== version) throw staleVersion('test record', current);
    await tx
      .update(reliefTests)
      .set({ status: 'submitted', submittedAt: new Date(), version: row.version + 1, updatedAt: new Date() })
      .where(eq(reliefTests.id, id));
    await applyToTag(tx, actor, id);
  });
  return readTest(db, scope, id);
}

/** An engineer's verdict on the as-found test in place of the rule's, with the reason; the tag's due date follows. */
export async function overrideVerdict(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  body: { verdict: 'pass' | 'fail'; reason: string; version: number },
) {
  await inTransaction(db, async (tx) => {
    const row = await lockTest(tx, scope, id);
    if (row.version !== body.version) throw staleVersion('test record', await readTest(tx, scope, id));
    if (!row.asFoundJudgement) throw new HttpError(409, 'There is no as-found verdict to override.');
    // The verdict is part of what a signature on the record binds (decisions/099): it is overridden before signing.
    if (await isSigned(tx, scope.organizationId, 'relief_test', id)) {
      throw new HttpError(409, 'This test record is signed: an engineer overrides its verdict before it is signed.');
    }
    await tx
      .update(reliefTests)
      .set({
        override: { verdict: body.verdict, reason: body.reason, by: actor.name, at: new Date().toISOString() },
        asFoundResult: body.verdict,
        version: row.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(reliefTests.id, id));
    if (row.status === 'submitted') await applyToTag(tx, actor, id);
  });
  return readTest(db, scope, id);
}

/** An engineer accepts the nameplate the tester found: the device record takes the plate's values. */
export async function acceptNameplate(db: Database, scope: Scope, actor: SessionUser, id: number, version: number) {
  await inTransaction(db, async (tx) => {
    const row = await lockTest(tx, scope, id);
    if (row.version !== version) throw staleVersion('test record', await readTest(tx, scope, id));
    const found = (row.work as Body).foundNameplate;
    if (!found) throw new HttpError(409, 'This record has no corrected nameplate data to accept.');
    if (row.nameplateAcceptedAt) throw new HttpError(409, 'The corrected nameplate was already accepted.');
    const fields = Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined && v !== ''));
    // The plate's set pressure is kept in psi (the record's work is): it replaces the value as entered too.
    if (fields.setPressure !== undefined) Object.assign(fields, { setPressureEntered: null, pressureUnit: 'psi' });
    const [device] = await tx.select().from(reliefDevices).where(eq(reliefDevices.id, row.deviceId));
    await tx
      .update(reliefDevices)
      .set({ ...fields, version: device.version + 1, updatedAt: new Date() })
      .where(eq(reliefDevices.id, row.deviceId));
    await tx
      .update(reliefTests)
      .set({
        nameplateAcceptedByUserId: actor.id,
        nameplateAcceptedAt: new Date(),
        version: row.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(reliefTests.id, id));
  });
  return readTest(db, scope, id);
}

/**
 * Moves the tag's interval and due date on (replayed from its device's tests), and raises the corrective work order
 * of a failed test on the tag's valve record, once per record (a tag with no valve record gets none): a failed
 * as-found test (OSHA 1910.119(j)(5): deficiencies corrected before further use), or a failed as-left test, which
 * keeps the device out of service until it is corrected.
 */
async function applyToTag(tx: Database, actor: SessionUser, testId: number) {
  const [test] = await tx.select().from(reliefTests).where(eq(reliefTests.id, testId));
  if (!test.tagId) return;
  const tag = await replayTag(tx, test.tagId);
  const asLeftFailed = test.asLeftResult === 'fail';
  if ((test.asFoundResult !== 'fail' && !asLeftFailed) || test.workOrderId || !tag.valveId) return;
  const [valve] = await tx.select({ valveId: valves.valveId }).from(valves).where(eq(valves.id, tag.valveId));
  // Every failed check, and the measured blowdown (ASME PTC 25) whatever its verdict: the shop needs it to reset.
  const findings = (judgements: unknown, stage: string) =>
    ((judgements as { judgements?: { verdict: string; check: string; detail: string }[] })?.judgements ?? [])
      .filter((j) => j.verdict === 'fail' || j.check === 'Blowdown')
      .map((j) => `${stage} ${j.check}: ${j.detail}${j.verdict === 'fail' ? '' : ` (${j.verdict})`}`);
  const found = [...findings(test.asFoundJudgement, 'As found'), ...findings(test.asLeftJudgement, 'As left')];
  const workOrderId = await raiseNumberedWorkOrder(tx, {
    organizationId: tag.organizationId,
    valveId: tag.valveId,
    title: asLeftFailed
      ? `Corrective: ${tag.tag} failed as-left test, not returned to service`
      : `Corrective: ${tag.tag} failed as-found test`,
    description: `${asLeftFailed ? 'As-left' : 'As-found'} test on ${test.testedOn} failed. ${(test.override as { verdict?: string } | null)?.verdict === 'fail' ? 'Failed by engineer review. ' : ''}${found.join('; ')}${asLeftFailed ? ' The valve is not returned to service.' : ''} Find and correct the cause (OSHA 1910.119(j)(5)) before further use.`,
    priority: 'high',
    dueDate: new Date(Date.now() + 14 * 86_400_000),
    assignedToUserId: null,
    createdByUserId: actor.id,
    valveTag: valve.valveId,
    plant: tag.plant,
  });
  await tx.update(reliefTests).set({ workOrderId }).where(eq(reliefTests.id, testId));
}
