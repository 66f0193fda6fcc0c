import type { ImportOutcome } from '../../lib/imports';
import type { Refusal, RowValues } from './row-checks';

/* The report every kind answers (issue 32, common/schemas/imports.ts), built from its rows as checked. */

export type FieldChange = { field: string; from: unknown; to: unknown };

/** A known record's changes as the report lists them: each field from what the record has to what the row says. */
export const changesOf = (current: Readonly<Record<string, unknown>>, edit: RowValues): FieldChange[] =>
  Object.entries(edit).map(([field, to]) => ({ field, from: current[field] ?? null, to }));

/** A row as checked: a new record, a known one's changes, or nothing to do; a kind adds what it writes with. */
export type CheckedRow =
  | { kind: 'create'; row: number; key: string }
  | { kind: 'update'; row: number; key: string; fields: FieldChange[] }
  | { kind: 'unchanged' };

/** The report's counts and lists from the rows checked. */
export function outcomeOf(
  rows: number,
  checked: readonly CheckedRow[],
  refused: Refusal[],
  blockedBy: string | null = null,
): ImportOutcome {
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
    blockedBy,
  };
}
