import type { SessionUser } from '@common/schemas/auth';
import type { ReliefTest, reliefTestBody, reliefTestUpdateBody } from '@common/schemas/relief-valves';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, inTransaction } from '../../db/client';
import { reliefDevices, reliefTests, valves } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { HttpError, invalidField, notFound, staleVersion } from '../../plugins/errors';
import { isSigned } from '../signatures';
import { raiseNumberedWorkOrder } from '../work-orders';
import { recordValues } from './record-checks';
import { readTest } from './records';
import { reliefTestInScope, TEST_NOT_FOUND } from './scope';
import { replayTag } from './tag-intervals';

type Body = z.infer<typeof reliefTestBody>;
type UpdateBody = z.infer<typeof reliefTestUpdateBody>;

/** Records a shop visit or an in-place test (record-checks.ts judges it): saved as a draft, or submitted at once. */
export async function createTest(db: Database, scope: Scope, actor: SessionUser, body: Body): Promise<ReliefTest> {
  const { submit, ...record } = body;
  const values = await recordValues(db, scope, actor, record);
  const [created] = await db
    .insert(reliefTests)
    .values({ organizationId: scope.organizationId, ...values })
    .returning({ id: reliefTests.id, version: reliefTests.version });
  return submitUnlessBlocked(db, scope, actor, created, submit);
}

/**
 * A draft edited: the whole record again, checked and judged as a new one, on the same device; a submitted record
 * is not edited (its verdicts moved the tag and may be signed). Whoever saves it is its tester.
 */
export async function updateDraft(db: Database, scope: Scope, actor: SessionUser, id: number, body: UpdateBody) {
  const { submit, version, ...record } = body;
  const current = await readTest(db, scope, id);
  if (current.status !== 'draft') {
    throw new HttpError(409, 'This test record is submitted: only a draft is edited. Record a new test instead.');
  }
  if (record.deviceId !== current.device.id) throw invalidField('deviceId', 'is not the device of this draft');
  const values = await recordValues(db, scope, actor, record);
  const edited = await inTransaction(db, async (tx) => {
    const row = await lockTest(tx, scope, id);
    if (row.version !== version || row.status !== 'draft') throw staleVersion('test record', current);
    await tx
      .update(reliefTests)
      .set({ ...values, version: row.version + 1, updatedAt: new Date() })
      .where(eq(reliefTests.id, id));
    return { id, version: row.version + 1 };
  });
  return submitUnlessBlocked(db, scope, actor, edited, submit);
}

/** Anything missing or expired keeps it a draft: saved, answered with its blockers, never submitted. */
async function submitUnlessBlocked(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  saved: { id: number; version: number },
  submit: boolean,
) {
  const draft = await readTest(db, scope, saved.id);
  if (submit && !draft.blockers.length) return submitTest(db, scope, actor, saved.id, saved.version);
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
