import type { SessionUser } from '@common/schemas/auth';
import type { ProcedureBody, ProcedureStep, ProcedureVersion, StepResultBody } from '@common/schemas/procedures';
import { TEXTS } from '@common/texts';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { photos, procedureRuns, procedureStepResults, procedures, procedureVersions } from '../../db/schema';
import { asActor } from '../../lib/audit';
import type { Scope } from '../../lib/scope';
import type { ContentOf } from '../../lib/signed-content';
import { HttpError, invalidField, notFound, refuseDuplicate } from '../../plugins/errors';
import { refuseIfSigned, signedRecord, signRecord } from '../signatures';
import { addToOpenWorkOrder, raiseWorkOrder } from '../work-orders';
import { presentVersion, readCurrentVersion, runInScope, workOrderInScope } from './service';

type Actor = { user: SessionUser; device?: string };

const duplicateName = (name: string) =>
  new HttpError(409, `A procedure named "${name}" already exists.`, {
    issues: [{ path: 'name', message: 'is already used by another procedure' }],
  });

export async function createProcedure(db: Database, actor: Actor, body: ProcedureBody): Promise<ProcedureVersion> {
  return refuseDuplicate(
    () =>
      asActor(db, { userId: actor.user.id, device: actor.device }, async (tx) => {
        const [procedure] = await tx
          .insert(procedures)
          .values({ organizationId: actor.user.organizationId, name: body.name })
          .returning({ id: procedures.id });
        const [version] = await tx
          .insert(procedureVersions)
          .values({ procedureId: procedure.id, version: 1, ...body, createdByUserId: actor.user.id })
          .returning();
        return presentVersion(version);
      }),
    duplicateName(body.name),
  );
}

/** Editing a procedure writes a new version; work orders that ran an older one keep it. */
export async function reviseProcedure(
  db: Database,
  actor: Actor,
  id: number,
  body: ProcedureBody,
): Promise<ProcedureVersion> {
  return refuseDuplicate(
    () =>
      asActor(db, { userId: actor.user.id, device: actor.device }, async (tx) => {
        const current = await readCurrentVersion(tx, actor.user.organizationId, id);
        const next = current.version + 1;
        await tx
          .update(procedures)
          .set({ name: body.name, currentVersion: next, updatedAt: new Date() })
          .where(eq(procedures.id, id));
        const [version] = await tx
          .insert(procedureVersions)
          .values({ procedureId: id, version: next, ...body, createdByUserId: actor.user.id })
          .returning();
        return presentVersion(version);
      }),
    duplicateName(body.name),
  );
}

/** Attaches the procedure's current version to a work order (once per version). */
export async function attachProcedure(
  db: Database,
  scope: Scope,
  actor: Actor,
  workOrderId: number,
  procedureId: number,
) {
  await asActor(db, { userId: actor.user.id, device: actor.device }, async (tx) => {
    const workOrder = await workOrderInScope(tx, scope, workOrderId);
    if (workOrder.status === 'completed') {
      throw new HttpError(409, 'The work order is completed: reopen it to attach a procedure.');
    }
    await refuseIfSigned(tx, scope.organizationId, 'work_order', workOrderId);
    const { attached, version } = await attachCurrentVersion(
      tx,
      scope.organizationId,
      workOrderId,
      procedureId,
      actor.user.id,
    );
    if (!attached) throw new HttpError(409, `${version.name} is already attached to this work order.`);
  });
}

/**
 * Attaches the current version of the organization's procedure to a work order the caller has checked (a plan's
 * new work order); `attached` is false when that version already was. 404 when there is no such procedure.
 */
export async function attachCurrentVersion(
  db: Database,
  organizationId: number,
  workOrderId: number,
  procedureId: number,
  attachedByUserId: number | null,
) {
  const version = await readCurrentVersion(db, organizationId, procedureId);
  const attached = await db
    .insert(procedureRuns)
    .values({ organizationId, workOrderId, procedureVersionId: version.id, attachedByUserId })
    .onConflictDoNothing()
    .returning({ id: procedureRuns.id });
  return { attached: attached.length > 0, version };
}

/** Checks the answer against the step's type; answers whether the step failed (a fail, or outside the limits). */
function judge(step: ProcedureStep, body: StepResultBody): boolean {
  switch (step.type) {
    case 'check':
      if (!body.answer || !['pass', 'fail', 'na'].includes(body.answer))
        throw invalidField('answer', 'must be pass, fail or na');
      return body.answer === 'fail';
    case 'number': {
      const value = body.numberValue;
      if (value === undefined || value === null) throw invalidField('numberValue', `is required (${step.unit})`);
      return (step.lower != null && value < step.lower) || (step.upper != null && value > step.upper);
    }
    case 'text':
      if (!body.answer?.trim()) throw invalidField('answer', 'is required');
      return false;
    case 'choice':
      if (!body.answer || !step.options.includes(body.answer)) {
        throw invalidField('answer', `must be one of ${step.options.join(', ')}`);
      }
      return false;
    case 'photo':
      if (!body.photoId) throw invalidField('photoId', 'is required: take a photo for this step');
      return false;
    case 'signature':
      if (!body.signature) throw invalidField('signature', 'is required: re-enter your password to sign this step');
      return false;
  }
}

/**
 * Records one step of a run: one write per step, so a phone offline queues each as it goes. A failed step raises
 * a corrective work order on the same valve when asked, or always when the procedure forces it: one per run, which
 * lists every failed step.
 */
export async function recordStep(
  db: Database,
  scope: Scope,
  actor: Actor,
  runId: number,
  stepKey: string,
  body: StepResultBody,
  content: ContentOf,
): Promise<number> {
  return asActor(db, { userId: actor.user.id, device: actor.device }, async (tx) => {
    const { workOrderId } = await runInScope(tx, scope, runId);
    const workOrder = await workOrderInScope(tx, scope, workOrderId);
    await refuseIfSigned(tx, scope.organizationId, 'work_order', workOrderId);
    if (workOrder.status === 'completed') {
      throw new HttpError(409, 'The work order is completed: reopen it to change its steps.');
    }
    if (workOrder.status !== 'in_progress') throw new HttpError(409, TEXTS.procedures.waitsForStart);
    const [run] = await tx
      .select({ version: procedureVersions })
      .from(procedureRuns)
      .innerJoin(procedureVersions, eq(procedureVersions.id, procedureRuns.procedureVersionId))
      .where(eq(procedureRuns.id, runId));
    const step = (run.version.steps as ProcedureStep[]).find((s) => s.key === stepKey);
    if (!step) throw notFound('Step not found in this procedure');
    const [existing] = await tx
      .select()
      .from(procedureStepResults)
      .where(and(eq(procedureStepResults.runId, runId), eq(procedureStepResults.stepKey, stepKey)))
      .for('update');
    if (existing?.signatureId) throw signedRecord('step');
    const failed = judge(step, body);
    if (step.type === 'photo' && body.photoId) {
      const [photo] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.id, body.photoId), eq(photos.organizationId, scope.organizationId)));
      if (!photo) throw invalidField('photoId', 'is not a photo of your organization');
    }
    const signature =
      step.type === 'signature' && body.signature
        ? await signRecord(tx, actor.user, {
            ...body.signature,
            entityType: 'procedure_run',
            entityId: runId,
            device: actor.device,
            content: await content(tx, 'procedure_run', runId),
            // Each signature step of a run is signed on its own, by the same person as often as the steps ask.
            oncePerMeaning: false,
          })
        : null;
    let correctiveWorkOrderId = existing?.correctiveWorkOrderId ?? null;
    if (failed && !correctiveWorkOrderId && (body.raiseCorrective || run.version.corrective === 'force')) {
      const reading = step.type === 'number' ? ` (${body.numberValue} ${step.unit})` : '';
      const line = `- Step "${step.label}"${reading}`;
      // One failed run raises one corrective work order: a further failed step is added to it while it is open.
      const [raised] = await tx
        .select({ id: procedureStepResults.correctiveWorkOrderId })
        .from(procedureStepResults)
        .where(and(eq(procedureStepResults.runId, runId), isNotNull(procedureStepResults.correctiveWorkOrderId)))
        .limit(1);
      correctiveWorkOrderId =
        raised?.id && (await addToOpenWorkOrder(tx, scope, raised.id, line))
          ? raised.id
          : await raiseWorkOrder(tx, scope, actor.user, {
              valveId: workOrder.valveId,
              title: `Corrective: ${run.version.name}`.slice(0, 200),
              description: `Raised from ${workOrder.number}, ${run.version.name} v${run.version.version}. Failed steps:\n${line}`,
              priority: 'high',
            });
    }
    const values = {
      answer: step.type === 'number' ? null : (body.answer ?? null),
      numberValue: step.type === 'number' ? (body.numberValue ?? null) : null,
      photoId: step.type === 'photo' ? (body.photoId ?? null) : null,
      signatureId: signature?.id ?? null,
      failed,
      correctiveWorkOrderId,
      recordedByUserId: actor.user.id,
      recordedAt: new Date(),
      updatedAt: new Date(),
    };
    await tx
      .insert(procedureStepResults)
      .values({ runId, stepKey, ...values })
      .onConflictDoUpdate({
        target: [procedureStepResults.runId, procedureStepResults.stepKey],
        set: { ...values, version: (existing?.version ?? 0) + 1 },
      });
    return workOrderId;
  });
}
