import type { HISTORY_ENTITIES, HistoryEntry } from '@common/schemas/audit';
import { TEXTS } from '@common/texts';
import { type AnyColumn, and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Database } from '../../db/client';
import {
  auditLog,
  maintenancePlans,
  maintenanceRecords,
  photos,
  procedureRuns,
  procedureStepResults,
  procedures,
  procedureVersions,
  reliefTags,
  reliefTests,
  signatures,
  users,
  valveDocuments,
  valves,
  workOrders,
} from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';

type HistoryEntity = keyof typeof HISTORY_ENTITIES;
type ReadCheck = (db: Database, scope: Scope, id: number) => Promise<unknown>;

/**
 * A domain above this one whose records are limited more finely than by organization (a plan is seen only by those
 * who see one of its valves' plants) hands its own read here; it answers 404 for a record out of scope.
 */
const readChecks = new Map<HistoryEntity, ReadCheck>();
export function checkHistoryReadsWith(entity: HistoryEntity, check: ReadCheck): void {
  readChecks.set(entity, check);
}

const rowsOf = (table: string, ids: SQL) => and(eq(auditLog.tableName, table), inArray(auditLog.rowId, ids)) as SQL;
const idText = (column: AnyColumn) => sql<string>`${column}::text`;

/** Which audit rows belong to a record's history (the record, and what hangs off it), after a scope check. */
async function historyCondition(db: Database, scope: Scope, entity: HistoryEntity, id: number): Promise<SQL> {
  const key = String(id);
  if (entity === 'valves') {
    const [valve] = await db
      .select({ id: valves.id })
      .from(valves)
      .where(and(valvesInScope(scope), eq(valves.id, id)));
    if (!valve) throw notFound(TEXTS.valves.notFound);
    const records = db
      .select({ id: idText(maintenanceRecords.id) })
      .from(maintenanceRecords)
      .where(eq(maintenanceRecords.valveId, id));
    const documents = db
      .select({ id: idText(valveDocuments.id) })
      .from(valveDocuments)
      .where(eq(valveDocuments.valveId, id));
    const valvePhotos = db
      .select({ id: idText(photos.id) })
      .from(photos)
      .where(eq(photos.valveId, id));
    return or(
      and(eq(auditLog.tableName, 'valves'), eq(auditLog.rowId, key)),
      rowsOf('maintenance_records', sql`${records}`),
      rowsOf('valve_documents', sql`${documents}`),
      rowsOf('photos', sql`${valvePhotos}`),
    ) as SQL;
  }
  if (entity === 'work-orders') {
    const [order] = await db
      .select({ id: workOrders.id })
      .from(workOrders)
      .innerJoin(valves, eq(valves.id, workOrders.valveId))
      .where(and(valvesInScope(scope), eq(workOrders.id, id)));
    if (!order) throw notFound(TEXTS.workOrders.notFound);
    const runs = db.select({ id: procedureRuns.id }).from(procedureRuns).where(eq(procedureRuns.workOrderId, id));
    const runIds = db
      .select({ id: idText(procedureRuns.id) })
      .from(procedureRuns)
      .where(eq(procedureRuns.workOrderId, id));
    const results = db
      .select({ id: idText(procedureStepResults.id) })
      .from(procedureStepResults)
      .where(inArray(procedureStepResults.runId, runs));
    const signed = db
      .select({ id: idText(signatures.id) })
      .from(signatures)
      .where(
        or(
          and(eq(signatures.entityType, 'work_order'), eq(signatures.entityId, id)),
          and(eq(signatures.entityType, 'procedure_run'), inArray(signatures.entityId, runs)),
        ),
      );
    const orderPhotos = db
      .select({ id: idText(photos.id) })
      .from(photos)
      .where(eq(photos.workOrderId, id));
    return or(
      and(eq(auditLog.tableName, 'work_orders'), eq(auditLog.rowId, key)),
      rowsOf('photos', sql`${orderPhotos}`),
      rowsOf('procedure_runs', sql`${runIds}`),
      rowsOf('procedure_step_results', sql`${results}`),
      rowsOf('signatures', sql`${signed}`),
    ) as SQL;
  }
  if (entity === 'maintenance-plans') {
    const [plan] = await db
      .select({ id: maintenancePlans.id })
      .from(maintenancePlans)
      .where(and(eq(maintenancePlans.organizationId, scope.organizationId), eq(maintenancePlans.id, id)));
    if (!plan) throw notFound('Maintenance plan not found');
    await readChecks.get(entity)?.(db, scope, id);
    return and(eq(auditLog.tableName, 'maintenance_plans'), eq(auditLog.rowId, key)) as SQL;
  }
  if (entity === 'relief-tests') {
    const [test] = await db
      .select({ id: reliefTests.id })
      .from(reliefTests)
      .leftJoin(reliefTags, eq(reliefTags.id, reliefTests.tagId))
      .where(
        and(
          eq(reliefTests.organizationId, scope.organizationId),
          eq(reliefTests.id, id),
          // A plant-limited user sees the tests of their plants' tags only.
          scope.plants ? inArray(reliefTags.plant, scope.plants) : undefined,
        ),
      );
    if (!test) throw notFound('Relief valve test not found');
    return and(eq(auditLog.tableName, 'relief_tests'), eq(auditLog.rowId, key)) as SQL;
  }
  const [procedure] = await db
    .select({ id: procedures.id })
    .from(procedures)
    .where(and(eq(procedures.organizationId, scope.organizationId), eq(procedures.id, id)));
  if (!procedure) throw notFound('Procedure not found');
  const versions = db
    .select({ id: idText(procedureVersions.id) })
    .from(procedureVersions)
    .where(eq(procedureVersions.procedureId, id));
  return or(
    and(eq(auditLog.tableName, 'procedures'), eq(auditLog.rowId, key)),
    rowsOf('procedure_versions', sql`${versions}`),
  ) as SQL;
}

/** A record's history, oldest first, each update split into its fields. */
export async function readHistory(
  db: Database,
  scope: Scope,
  entity: HistoryEntity,
  id: number,
): Promise<HistoryEntry[]> {
  const where = await historyCondition(db, scope, entity, id);
  const rows = await db
    .select({
      id: auditLog.id,
      changedAt: auditLog.changedAt,
      userName: users.name,
      device: auditLog.device,
      table: auditLog.tableName,
      rowId: auditLog.rowId,
      action: auditLog.action,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(users.id, auditLog.userId), eq(users.organizationId, scope.organizationId)))
    .where(where)
    .orderBy(asc(auditLog.id))
    .limit(2000);
  return rows.map((row) => ({
    ...row,
    changedAt: row.changedAt.toISOString(),
    action: row.action as HistoryEntry['action'],
    changes:
      row.action === 'update'
        ? Object.entries((row.changes ?? {}) as Record<string, { old: unknown; new: unknown }>).map(([field, c]) => ({
            field,
            from: c.old,
            to: c.new,
          }))
        : [],
  }));
}

const cell = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The history as CSV: one line per changed field (one per insert or delete). */
export function historyCsv(entries: HistoryEntry[]): string {
  const lines = entries.flatMap((e) => {
    const base = {
      changed_at: e.changedAt,
      user: e.userName ?? '',
      device: e.device ?? '',
      table: e.table,
      row_id: e.rowId,
      action: e.action,
    };
    if (!e.changes.length) return [{ ...base, field: '', from: '', to: '' }];
    return e.changes.map((c) => ({ ...base, field: c.field, from: cell(c.from), to: cell(c.to) }));
  });
  return Papa.unparse(lines, {
    columns: ['changed_at', 'user', 'device', 'table', 'row_id', 'action', 'field', 'from', 'to'],
    escapeFormulae: true,
  });
}
