import { type HistoryPath, kindOfPath, RECORD_KINDS } from '@common/record-kinds';
import type { HistoryEntry } from '@common/schemas/audit';
import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
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

/** Whether the record was deleted, and was in the scope as it last was (its kind judges). */
async function wasInScope(db: Database, kind: RecordKind, scope: Scope, id: number): Promise<boolean> {
  if (!kind.deletedInScope) return false;
  const [deleted] = await db
    .select({ row: auditLog.changes })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tableName, RECORD_KINDS[kind.name].table),
        eq(auditLog.rowId, String(id)),
        eq(auditLog.action, 'delete'),
        eq(auditLog.organizationId, scope.organizationId),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return Boolean(deleted) && kind.deletedInScope(db, scope, deleted.row as Record<string, unknown>);
}

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
  await kind.inScope(db, scope, id).catch(async (error) => {
    if (!(await wasInScope(db, kind, scope, id))) throw error;
  });
  const rows = [...(kind.history?.(id) ?? []), ...kinds.flatMap((other) => other.historyOf?.[kind.name]?.(id) ?? [])];
  return or(...rows.map(rowsOf)) as SQL;
}

/** Which part of a history to read: oldest or newest first, from past an entry (its id), and how many. */
export type HistoryPage = { order: 'oldest' | 'newest'; before?: number; after?: number; limit?: number };

const entryFields = {
  id: auditLog.id,
  changedAt: auditLog.changedAt,
  userName: users.name,
  device: auditLog.device,
  table: auditLog.tableName,
  rowId: auditLog.rowId,
  action: auditLog.action,
  changes: auditLog.changes,
};
type EntryRow = {
  id: number;
  changedAt: Date;
  userName: string | null;
  device: string | null;
  table: string;
  rowId: string;
  action: string;
  changes: unknown;
};

/**
 * An entry as the History tab shows it: each update split into its fields; a new signature's, too (what it says:
 * the trigger keeps it, migration 0023). Other inserts and deletes have no fields to show.
 */
const presentEntry = (row: EntryRow): HistoryEntry => ({
  ...row,
  changedAt: row.changedAt.toISOString(),
  // The trigger writes only these three (migration 0006).
  action: row.action as HistoryEntry['action'],
  changes:
    row.action === 'update' || (row.action === 'insert' && row.changes)
      ? Object.entries((row.changes ?? {}) as Record<string, { old: unknown; new: unknown }>).map(([field, c]) => ({
          field,
          from: c.old,
          to: c.new,
        }))
      : [],
});

/** Rows read per statement when the whole history is streamed (the CSV). */
const CSV_BATCH = 1000;

/**
 * A record's history, after its kind has checked the scope (so a 404 comes before any byte of an answer): pages of
 * it, each update split into its fields, and the whole of it as CSV, read in batches however long it is.
 */
export async function openHistory(
  db: Database,
  kinds: readonly RecordKind[],
  scope: Scope,
  entity: HistoryPath,
  id: number,
) {
  const where = await historyCondition(db, kinds, scope, entity, id);
  const page = async ({ order, before, after, limit }: HistoryPage): Promise<HistoryEntry[]> => {
    const query = db
      .select(entryFields)
      .from(auditLog)
      .leftJoin(users, and(eq(users.id, auditLog.userId), eq(users.organizationId, scope.organizationId)))
      .where(
        and(
          where,
          before === undefined ? undefined : lt(auditLog.id, before),
          after === undefined ? undefined : gt(auditLog.id, after),
        ),
      )
      .orderBy(order === 'newest' ? desc(auditLog.id) : asc(auditLog.id));
    const rows = await (limit === undefined ? query : query.limit(limit));
    return rows.map(presentEntry);
  };
  async function* csv(): AsyncGenerator<string> {
    let after: number | undefined;
    for (let first = true; ; first = false) {
      const entries = await page({ order: 'oldest', after, limit: CSV_BATCH });
      if (first) yield historyCsv(entries, true);
      else if (entries.length) yield `\r\n${historyCsv(entries, false)}`;
      if (entries.length < CSV_BATCH) return;
      after = entries[entries.length - 1].id;
    }
  }
  return { page, csv };
}

const cell = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** History entries as CSV: one line per changed field (one per insert or delete); the column names when `header`. */
function historyCsv(entries: HistoryEntry[], header: boolean): string {
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
    header,
    escapeFormulae: true,
  });
}
