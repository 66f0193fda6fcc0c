import { auditExportQuery } from '@common/schemas/exports';
import { and, asc, eq, gt, gte, lte } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/users';
import { exportSource } from '../../lib/exports/source';
import type { RecordKind } from '../../lib/record-kinds';
import { ACTIONS, type EntryRow, entryFields, presentEntry, wordsFor } from './service';

/** A line of the trail's file: one per changed field (one per creation or deletion), as the History CSV has them. */
type TrailLine = {
  id: number;
  changedAt: Date;
  who: string;
  device: string;
  record: string;
  rowId: string;
  action: string;
  field: string;
  from: string;
  to: string;
};

/**
 * The organization's whole audit trail as a file (decisions/107), in words like a record's History CSV, for those who
 * may export the raw log (admins): the trail crosses every plant, so a user limited to some plants exports a
 * record's history from its History tab instead. Times in UTC (the trail is of no one plant). `kinds` (app.ts) name
 * the records; this reads only the trail and the people.
 */
export const auditExport = (kinds: readonly RecordKind[]) =>
  exportSource({
    kind: 'audit',
    filters: auditExportQuery,
    permission: 'users:manage',
    refusal: (scope) =>
      scope.plants
        ? "The organization's audit trail crosses every plant; export a record's history from its History tab."
        : null,
    columns: [
      { header: 'When (UTC)', cell: (l: TrailLine) => l.changedAt, width: 20 },
      { header: 'Who', cell: (l) => l.who, width: 20 },
      { header: 'Device', cell: (l) => l.device, width: 20 },
      { header: 'Record', cell: (l) => l.record, width: 28 },
      { header: 'Record number', cell: (l) => Number(l.rowId) || l.rowId },
      { header: 'Action', cell: (l) => l.action },
      { header: 'Field', cell: (l) => l.field, width: 20 },
      { header: 'From', cell: (l) => l.from, width: 24 },
      { header: 'To', cell: (l) => l.to, width: 24 },
    ],
    // Pages of trail entries; an entry's lines all come in its page, so the last line's id is the key.
    page: async (db, scope, query, after, size) => {
      const rows: EntryRow[] = await db
        .select(entryFields)
        .from(auditLog)
        .leftJoin(users, and(eq(users.id, auditLog.userId), eq(users.organizationId, scope.organizationId)))
        .where(
          and(
            eq(auditLog.organizationId, scope.organizationId),
            query.action ? eq(auditLog.action, query.action) : undefined,
            query.from ? gte(auditLog.changedAt, query.from) : undefined,
            query.to ? lte(auditLog.changedAt, query.to) : undefined,
            after ? gt(auditLog.id, after.id) : undefined,
          ),
        )
        .orderBy(asc(auditLog.id))
        .limit(size);
      const words = await wordsFor(db, kinds, scope.organizationId, rows);
      return rows.flatMap((row) => {
        const e = presentEntry(row, words, 'UTC');
        const base = {
          id: e.id,
          changedAt: row.changedAt,
          who: e.who,
          device: e.deviceName ?? '',
          record: e.record,
          rowId: e.rowId,
          action: ACTIONS[e.action],
        };
        if (!e.changes.length) return [{ ...base, field: '', from: '', to: '' }];
        return e.changes.map((c) => ({ ...base, field: c.label, from: c.fromText, to: c.toText }));
      });
    },
  });
