import type {
  ProcedureRun,
  ProcedureStep,
  ProcedureSummary,
  ProcedureVersion,
  StepResult,
} from '@common/schemas/procedures';
import type { Signature } from '@common/schemas/signatures';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  procedureRuns,
  procedureStepResults,
  procedures,
  procedureVersions,
  users,
  valves,
  workOrders,
} from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';
import { isSigned, listSignatures } from '../signatures';

export const PROCEDURE_NOT_FOUND = 'Procedure not found';
export const RUN_NOT_FOUND = 'Procedure run not found';

type VersionRow = typeof procedureVersions.$inferSelect;
export const presentVersion = (row: VersionRow): ProcedureVersion => ({
  id: row.id,
  procedureId: row.procedureId,
  version: row.version,
  name: row.name,
  description: row.description,
  steps: row.steps as ProcedureStep[],
  corrective: row.corrective as 'offer' | 'force',
  signOff: row.signOff,
  createdAt: row.createdAt.toISOString(),
});

export async function listProcedures(db: Database, organizationId: number): Promise<ProcedureSummary[]> {
  const rows = await db
    .select({
      id: procedures.id,
      name: procedures.name,
      currentVersion: procedures.currentVersion,
      stepCount: sql<number>`jsonb_array_length(${procedureVersions.steps})::int`,
      signOff: procedureVersions.signOff,
    })
    .from(procedures)
    .innerJoin(
      procedureVersions,
      and(eq(procedureVersions.procedureId, procedures.id), eq(procedureVersions.version, procedures.currentVersion)),
    )
    .where(and(eq(procedures.organizationId, organizationId), eq(procedures.active, true)))
    .orderBy(asc(procedures.name));
  return rows;
}

/** The procedure's current version, inside the organization. */
export async function readCurrentVersion(db: Database, organizationId: number, id: number) {
  const [row] = await db
    .select({ version: procedureVersions })
    .from(procedures)
    .innerJoin(
      procedureVersions,
      and(eq(procedureVersions.procedureId, procedures.id), eq(procedureVersions.version, procedures.currentVersion)),
    )
    .where(and(eq(procedures.organizationId, organizationId), eq(procedures.id, id)));
  if (!row) throw notFound(PROCEDURE_NOT_FOUND);
  return row.version;
}

/** The work order's id and valve when it is in the scope; 404 otherwise. */
export async function workOrderInScope(db: Database, scope: Scope, workOrderId: number) {
  const [row] = await db
    .select({
      id: workOrders.id,
      valveId: workOrders.valveId,
      status: workOrders.status,
      number: workOrders.workOrderId,
    })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(and(valvesInScope(scope), eq(workOrders.id, workOrderId)));
  if (!row) throw notFound('Work order not found');
  return row;
}

/** A run with its work order, inside the scope; 404 otherwise. */
export async function runInScope(db: Database, scope: Scope, runId: number) {
  const [row] = await db
    .select({ runId: procedureRuns.id, workOrderId: procedureRuns.workOrderId })
    .from(procedureRuns)
    .innerJoin(workOrders, eq(workOrders.id, procedureRuns.workOrderId))
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(and(valvesInScope(scope), eq(procedureRuns.id, runId)));
  if (!row) throw notFound(RUN_NOT_FOUND);
  return row;
}

/** The procedure runs of a work order (which the caller has checked is in scope), with their step results. */
export async function readRuns(db: Database, organizationId: number, workOrderId: number): Promise<ProcedureRun[]> {
  const runs = await db
    .select({ id: procedureRuns.id, workOrderId: procedureRuns.workOrderId, version: procedureVersions })
    .from(procedureRuns)
    .innerJoin(procedureVersions, eq(procedureVersions.id, procedureRuns.procedureVersionId))
    .where(eq(procedureRuns.workOrderId, workOrderId))
    .orderBy(asc(procedureRuns.id));
  if (!runs.length) return [];
  const runIds = runs.map((r) => r.id);
  const corrective = sql<
    string | null
  >`(select ${workOrders.workOrderId} from ${workOrders} where ${workOrders.id} = ${procedureStepResults.correctiveWorkOrderId})`;
  const results = await db
    .select({
      runId: procedureStepResults.runId,
      stepKey: procedureStepResults.stepKey,
      answer: procedureStepResults.answer,
      numberValue: procedureStepResults.numberValue,
      photoId: procedureStepResults.photoId,
      failed: procedureStepResults.failed,
      correctiveWorkOrderId: procedureStepResults.correctiveWorkOrderId,
      correctiveWorkOrderNumber: corrective,
      signatureId: procedureStepResults.signatureId,
      recordedBy: users.name,
      recordedAt: procedureStepResults.recordedAt,
    })
    .from(procedureStepResults)
    .leftJoin(users, eq(users.id, procedureStepResults.recordedByUserId))
    .where(inArray(procedureStepResults.runId, runIds));
  // A signature step signs the run (entity procedure_run); the result row points at its signature.
  const signed = new Map(
    (await listSignatures(db, organizationId, 'procedure_run', runIds)).map((s): [number, Signature] => [s.id, s]),
  );
  const locked = await isSigned(db, organizationId, 'work_order', workOrderId);
  return runs.map((run) => {
    const own = results.filter((r) => r.runId === run.id);
    const steps = run.version.steps as ProcedureStep[];
    const ordered: StepResult[] = steps.flatMap((step) => {
      const r = own.find((x) => x.stepKey === step.key);
      if (!r) return [];
      return [
        {
          stepKey: r.stepKey,
          answer: r.answer,
          numberValue: r.numberValue,
          photoId: r.photoId,
          failed: r.failed,
          correctiveWorkOrderId: r.correctiveWorkOrderId,
          correctiveWorkOrderNumber: r.correctiveWorkOrderNumber,
          signature: r.signatureId ? (signed.get(r.signatureId) ?? null) : null,
          recordedBy: r.recordedBy,
          recordedAt: r.recordedAt.toISOString(),
        },
      ];
    });
    return {
      id: run.id,
      workOrderId: run.workOrderId,
      procedure: presentVersion(run.version),
      results: ordered,
      locked,
    };
  });
}
