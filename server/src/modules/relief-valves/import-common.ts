import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ImportOutcome, ImportRow } from '../../lib/imports';
import { textArray } from '../../lib/valve-tags';
import { HttpError } from '../../plugins/errors';
import type { Refusal } from '../imports';

/*
 * What the tag and device imports (issue 32) share: keys matched regardless of case, a domain check's refusal as a
 * row's message, and the report from the rows checked.
 */

export const CHUNK = 500;

/** Any of `keys` in `column`, regardless of case, as one text[] parameter. */
export const lowerIn = (column: AnyPgColumn, keys: readonly string[]) =>
  sql`lower(${column}) = any(${textArray([...new Set(keys.map((k) => k.toLowerCase()))])}::text[])`;

/** Records by key: the exact spelling first, else the one that differs only in case (PSV-101 is psv-101). */
export function byKey<T>(records: readonly T[], keyOf: (record: T) => string) {
  const exact = new Map(records.map((r) => [keyOf(r), r]));
  const lowered = new Map(records.map((r) => [keyOf(r).toLowerCase(), r]));
  return (key: string) => exact.get(key) ?? lowered.get(key.toLowerCase());
}

/** The message of a domain check's 400 (invalidField), or null when the check passes. */
export function complaintOf(check: () => void): { field: string; message: string } | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
    const issue = error.extra.issues?.[0];
    return { field: issue?.path ?? '', message: issue?.message ?? error.message };
  }
}

/** The column a row's field came from, or the field's label when the row has none (a value the file left out). */
export const columnIn = (row: ImportRow, label: (field: string) => string) => (field: string) =>
  row.cells.get(field)?.column ?? label(field);

export type FieldChange = { field: string; from: unknown; to: unknown };
export type CheckedRow =
  | { kind: 'create'; row: number; key: string }
  | { kind: 'update'; row: number; key: string; fields: FieldChange[] }
  | { kind: 'unchanged' };

export function outcomeOf(rows: number, checked: readonly CheckedRow[], refused: Refusal[]): ImportOutcome {
  const creates = checked.flatMap((c) => (c.kind === 'create' ? [{ row: c.row, key: c.key }] : []));
  const changes = checked.flatMap((c) => (c.kind === 'update' ? [{ row: c.row, key: c.key, fields: c.fields }] : []));
  return {
    rows,
    create: creates.length,
    update: changes.length,
    unchanged: checked.length - creates.length - changes.length,
    refused,
    changes,
    creates,
    blockedBy: null,
  };
}
