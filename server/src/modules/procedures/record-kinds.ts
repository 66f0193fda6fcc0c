import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { procedureRuns, procedureStepResults, procedures, procedureVersions } from '../../db/schema';
import { ownRow, type RecordKind, rowsWhere } from '../../lib/record-kinds';
import { notFound } from '../../plugins/errors';
import { signatureRowsOf } from '../signatures';
import { PROCEDURE_NOT_FOUND, runInScope } from './service';

/** Procedures as a record kind: their history shows the procedure and each version published. */
export const procedureRecords: RecordKind = {
  name: 'procedure',
  inScope: async (db, scope, id) => {
    const [row] = await db
      .select({ id: procedures.id })
      .from(procedures)
      .where(and(eq(procedures.organizationId, scope.organizationId), eq(procedures.id, id)));
    if (!row) throw notFound(PROCEDURE_NOT_FOUND);
  },
  history: (id) => [
    ownRow('procedures', id),
    rowsWhere(procedureVersions, 'procedure_versions', procedureVersions.id, eq(procedureVersions.procedureId, id)),
  ],
};

const runsOf = (workOrderId: number) =>
  sql`select ${procedureRuns.id} from ${procedureRuns} where ${procedureRuns.workOrderId} = ${workOrderId}`;

/**
 * A run as its signatures bind it: the procedure's version and each step's result, in step order. A signature step
 * signs the results recorded before it; the work order's signatures bind each run of it this way.
 */
async function runsContent(db: Database, where: SQL) {
  const rows = await db
    .select({
      id: procedureRuns.id,
      procedure: procedureVersions.name,
      version: procedureVersions.version,
      step: procedureStepResults.stepKey,
      answer: procedureStepResults.answer,
      number: procedureStepResults.numberValue,
      photo: procedureStepResults.photoId,
      failed: procedureStepResults.failed,
      signature: procedureStepResults.signatureId,
    })
    .from(procedureRuns)
    .innerJoin(procedureVersions, eq(procedureVersions.id, procedureRuns.procedureVersionId))
    .leftJoin(procedureStepResults, eq(procedureStepResults.runId, procedureRuns.id))
    .where(where)
    .orderBy(procedureRuns.id, procedureStepResults.stepKey);
  const runs = new Map<number, { id: number; Procedure: string; Version: number; Steps: unknown[] }>();
  for (const { id, procedure, version, step, ...result } of rows) {
    const run = runs.get(id) ?? { id, Procedure: procedure, Version: version, Steps: [] };
    runs.set(id, run);
    if (step !== null) run.Steps.push({ Step: step, ...result });
  }
  return [...runs.values()];
}

/**
 * Procedure runs as a record kind: they belong to a work order, so its history shows them, their step results and
 * their signatures; a run whose version signs off a stage of the work order asks for a signature there.
 */
export const procedureRunRecords: RecordKind = {
  name: 'procedure_run',
  inScope: async (db, scope, id) => void (await runInScope(db, scope, id)),
  historyOf: {
    work_order: (workOrderId) => [
      rowsWhere(procedureRuns, 'procedure_runs', procedureRuns.id, eq(procedureRuns.workOrderId, workOrderId)),
      rowsWhere(
        procedureStepResults,
        'procedure_step_results',
        procedureStepResults.id,
        sql`${procedureStepResults.runId} in (${runsOf(workOrderId)})`,
      ),
      signatureRowsOf('procedure_run', runsOf(workOrderId)),
    ],
  },
  signedFields: async (db, id) => {
    const [run] = await runsContent(db, eq(procedureRuns.id, id));
    const { id: _id, ...fields } = run ?? { id };
    return fields;
  },
  signedPartsOf: { work_order: (db, workOrderId) => runsContent(db, eq(procedureRuns.workOrderId, workOrderId)) },
  asksSignOff: async (db, workOrderId, stage) => {
    const [row] = await db
      .select({ id: procedureRuns.id })
      .from(procedureRuns)
      .innerJoin(procedureVersions, eq(procedureVersions.id, procedureRuns.procedureVersionId))
      .where(and(eq(procedureRuns.workOrderId, workOrderId), sql`${procedureVersions.signOff} ? ${stage}`))
      .limit(1);
    return Boolean(row);
  },
};
