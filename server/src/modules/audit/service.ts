import { dateTimeIn } from '@common/plant-days';
import { type HistoryPath, kindOfPath, RECORD_KINDS } from '@common/record-kinds';
import type { HistoryEntry } from '@common/schemas/audit';
import { and, asc, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/users';
import { type HistoryRows, kindNamed, type RecordKind } from '../../lib/record-kinds';
import type { Scope } from '../../lib/scope';
import { deviceInWords, fieldLabel, isPersonField, tableLabel, valueInWords } from './words';

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

export const entryFields = {
  id: auditLog.id,
  changedAt: auditLog.changedAt,
  userName: users.name,
  device: auditLog.device,
  table: auditLog.tableName,
  rowId: auditLog.rowId,
  action: auditLog.action,
  changes: auditLog.changes,
};
export type EntryRow = {
  id: number;
  changedAt: Date;
  userName: string | null;
  device: string | null;
  table: string;
  rowId: string;
  action: string;
  changes: unknown;
};

type Change = { field: string; from: unknown; to: unknown };

/**
 * An entry's changes: each update split into its fields; a new signature's, too (what it says: the trigger keeps
 * it, migration 0023). Other inserts and deletes have no fields to show.
 */
const changesOf = (row: EntryRow): Change[] =>
  row.action === 'update' || (row.action === 'insert' && row.changes)
    ? Object.entries((row.changes ?? {}) as Record<string, { old: unknown; new: unknown }>).map(([field, c]) => ({
        field,
        from: c.old,
        to: c.new,
      }))
    : [];

/** What a page of entries needs put in words: the people its fields name, and the names of its rows. */
export async function wordsFor(db: Database, kinds: readonly RecordKind[], organizationId: number, rows: EntryRow[]) {
  const people = new Set<number>();
  for (const row of rows)
    for (const c of changesOf(row))
      if (isPersonField(c.field)) for (const v of [c.from, c.to]) if (typeof v === 'number') people.add(v);
  const names = new Map<number, string>();
  if (people.size) {
    const found = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), inArray(users.id, [...people])));
    for (const person of found) names.set(person.id, person.name);
  }
  const rowNames = new Map<string, string>();
  for (const kind of kinds) {
    const table = RECORD_KINDS[kind.name].table;
    const ids = [...new Set(rows.filter((r) => r.table === table).map((r) => Number(r.rowId)))];
    if (!kind.rowNames || !ids.length) continue;
    for (const [id, name] of await kind.rowNames(db, ids)) rowNames.set(`${table}:${id}`, name);
  }
  return { names, rowNames };
}

/** An entry as the History tab shows it: the raw row's fields, and the same in words. */
export function presentEntry(
  row: EntryRow,
  words: Awaited<ReturnType<typeof wordsFor>>,
  timeZone: string,
): HistoryEntry {
  const context = { names: words.names, timeZone };
  const name = words.rowNames.get(`${row.table}:${row.rowId}`);
  return {
    ...row,
    changedAt: row.changedAt.toISOString(),
    // The trigger writes only these three (migration 0006).
    action: row.action as HistoryEntry['action'],
    changes: changesOf(row).map((c) => ({
      ...c,
      label: fieldLabel(row.table, c.field),
      fromText: valueInWords(c.field, c.from, context),
      toText: valueInWords(c.field, c.to, context),
    })),
    when: dateTimeIn(row.changedAt, timeZone),
    who: row.userName ?? 'System',
    deviceName: deviceInWords(row.device),
    record: name ? `${tableLabel(row.table)} ${name}` : tableLabel(row.table),
  };
}

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
  const timeZone = (await kindNamed(kinds, kindOfPath(entity)).timeZoneOf?.(db, id)) ?? 'UTC';
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
    const words = await wordsFor(db, kinds, scope.organizationId, rows);
    return rows.map((row) => presentEntry(row, words, timeZone));
  };
  /** The whole history as CSV, read in batches however long it is: in words, or the raw rows. */
  async function* csv(form: 'words' | 'raw'): AsyncGenerator<string> {
    let after: number | undefined;
    for (let first = true; ; first = false) {
      const entries = await page({ order: 'oldest', after, limit: CSV_BATCH });
      const text = form === 'words' ? historyCsv(entries, first) : rawHistoryCsv(entries, first);
      if (first) yield text;
      else if (entries.length) yield `\r\n${text}`;
      if (entries.length < CSV_BATCH) return;
      after = entries[entries.length - 1].id;
    }
  }
  return { page, csv };
}

const cell = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

export const ACTIONS = { insert: 'created', update: 'changed', delete: 'deleted' } as const;

/**
 * History entries as an auditor reads them: one line per changed field (one per creation or deletion), with the
 * plant's time, the person, the device and the record in words; the column names when `header`.
 */
function historyCsv(entries: HistoryEntry[], header: boolean): string {
  const lines = entries.flatMap((e) => {
    const base = { When: e.when, Who: e.who, Device: e.deviceName ?? '', Record: e.record, Action: ACTIONS[e.action] };
    if (!e.changes.length) return [{ ...base, Field: '', From: '', To: '' }];
    return e.changes.map((c) => ({ ...base, Field: c.label, From: c.fromText, To: c.toText }));
  });
  return Papa.unparse(lines, {
    columns: ['When', 'Who', 'Device', 'Record', 'Action', 'Field', 'From', 'To'],
    header,
    escapeFormulae: true,
  });
}

/** The audit log's rows as stored (for admins): UTC times, tables, row ids, columns and raw values. */
function rawHistoryCsv(entries: HistoryEntry[], header: boolean): string {
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
