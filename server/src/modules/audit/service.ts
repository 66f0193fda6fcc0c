import { type HistoryPath, kindOfPath } from '@common/record-kinds';
import type { HistoryEntry } from '@common/schemas/audit';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/users';
import { type HistoryRows, kindNamed, type RecordKind } from '../../lib/record-kinds';
import type { Scope } from '../../lib/scope';

const rowsOf = (rows: HistoryRows) =>
  and(
    eq(auditLog.tableName, rows.table),
    'rowId' in rows ? eq(auditLog.rowId, rows.rowId) : sql`${auditLog.rowId} in (${rows.rowIds})`,
  ) as SQL;

/**
 * Which audit rows belong to a record's history: the record's own and its parts', and those of other kinds' records
 * that hang off it (a valve's photos, a work order's procedure runs); each kind says which are its own. The record's
 * kind checks the scope first (its 404).
 */
async function historyCondition(
  db: Database,
  kinds: readonly RecordKind[],
  scope: Scope,
  path: HistoryPath,
  id: number,
): Promise<SQL> {
  const kind = kindNamed(kinds, kindOfPath(path));
  await kind.inScope(db, scope, id);
  const rows = [...(kind.history?.(id) ?? []), ...kinds.flatMap((other) => other.historyOf?.[kind.name]?.(id) ?? [])];
  return or(...rows.map(rowsOf)) as SQL;
}

/** A record's history, oldest first, each update split into its fields. */
export async function readHistory(
  db: Database,
  kinds: readonly RecordKind[],
  scope: Scope,
  entity: HistoryPath,
  id: number,
): Promise<HistoryEntry[]> {
  const where = await historyCondition(db, kinds, scope, entity, id);
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
