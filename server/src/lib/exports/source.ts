import type { Action } from '@common/permissions';
import type { ExportKind } from '@common/schemas/exports';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Scope } from '../scope';

/** One cell of an export: text, a number (stays a number), a yes/no, an instant, or empty. */
export type Cell = string | number | boolean | Date | null;

/** A column as a plant person reads it: its heading ("Valve ID") and the cell of a row. */
export type ExportColumn<Row> = { header: string; cell: (row: Row) => Cell; width?: number };

/** Rows read per statement: a page of the keyset walk (decisions/107). */
export const EXPORT_PAGE = 1000;

/**
 * A list a domain lets be exported (decisions/107), as the exports route uses it: who may, its headings, and its rows
 * in pages after the filters are read. Made by `exportSource`, so the route never sees a domain's rows or tables.
 */
export type ExportSource = {
  kind: ExportKind;
  /** The permission beyond reading the organization's data, where the list has one (the audit trail's). */
  permission?: Action;
  headers: readonly string[];
  widths: readonly (number | undefined)[];
  /** Why this user may not have it (a reason for a 403), or null. */
  refusal(scope: Scope): string | null;
  /** The filters read (throws the ZodError of a bad one), then the rows as cells, a page at a time. */
  open(db: Database, scope: Scope, query: unknown): AsyncIterable<Cell[][]>;
};

/**
 * A domain's export: its filters (the list's, from common/schemas/exports.ts), its columns, and `page`, which reads
 * up to `size` rows of the scope after the row `after` (none: from the start) in one fixed order, a key the
 * database has an index on: keyset pages, so each page costs the same however deep the walk is.
 */
export function exportSource<Query, Row>(definition: {
  kind: ExportKind;
  filters: z.ZodType<Query>;
  columns: readonly ExportColumn<Row>[];
  permission?: Action;
  refusal?: (scope: Scope) => string | null;
  page(db: Database, scope: Scope, query: Query, after: Row | undefined, size: number): Promise<Row[]>;
}): ExportSource {
  const { columns } = definition;
  return {
    kind: definition.kind,
    permission: definition.permission,
    headers: columns.map((c) => c.header),
    widths: columns.map((c) => c.width),
    refusal: definition.refusal ?? (() => null),
    open(db, scope, raw) {
      const query = definition.filters.parse(raw);
      return (async function* () {
        let after: Row | undefined;
        for (;;) {
          const rows = await definition.page(db, scope, query, after, EXPORT_PAGE);
          if (rows.length) yield rows.map((row) => columns.map((c) => c.cell(row)));
          if (rows.length < EXPORT_PAGE) return;
          after = rows[rows.length - 1];
        }
      })();
    },
  };
}

/** A stored word as a plant person reads it: `in_progress` → "In progress". */
export const inWords = (word: string | null): string | null =>
  word === null ? null : word.charAt(0).toUpperCase() + word.slice(1).replaceAll('_', ' ');
