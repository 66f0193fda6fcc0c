import { and, eq, sql } from 'drizzle-orm';
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
