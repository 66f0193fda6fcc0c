import type { ImportMode, ImportReport } from '@common/schemas/imports';
import Papa from 'papaparse';
import type { Database } from '../../db/client';
import { asActor } from '../../lib/audit';
import { cellText } from '../../lib/cells';
import type { ImportContext, ImportRow, ImportTarget } from '../../lib/imports';
import type { Scope } from '../../lib/scope';
import { HttpError } from '../../plugins/errors';
import { type ColumnMapping, rememberMapping, resolveMapping } from './mappings';
import { readSheet, type Sheet } from './sheets';

const PREVIEW_ROWS = 5;

const isBlankRow = (row: Sheet['rows'][number]) => row.every((cell) => cellText(cell) === null);

/** The data rows under the header, each with its mapped cells; blank rows keep their number but are not rows. */
function rowsOf(sheet: Sheet, mapping: ColumnMapping): ImportRow[] {
  const mapped = sheet.columns.flatMap((column, index) =>
    mapping[column] ? [{ column, index, field: mapping[column] }] : [],
  );
  return sheet.rows.flatMap((cells, index) =>
    isBlankRow(cells)
      ? []
      : [
          {
            row: index + 1,
            cells: new Map(mapped.map((m) => [m.field, { column: m.column, cell: cells[m.index] ?? null }])),
          },
        ],
  );
}

export type ImportFile = { bytes: Buffer; fileName: string; mapping: ColumnMapping | undefined };

/**
 * A register file checked (dry-run) or written (apply) by its kind's target: the file read, its columns mapped, its
 * rows handed to the target. Apply writes the accepted rows and remembers the mapping in one transaction, put to the
 * user and their device in the audit trail.
 */
export async function importFile(
  db: Database,
  target: ImportTarget,
  context: ImportContext & { device: string | undefined },
  file: ImportFile,
  mode: ImportMode,
): Promise<ImportReport> {
  const sheet = await readSheet(file.bytes, file.fileName);
  const { organizationId } = context.scope;
  const { mapping, mappingFrom } = await resolveMapping(db, organizationId, target, sheet.columns, file.mapping);
  const key = target.fields[0];
  if (!Object.values(mapping).includes(key.name)) {
    throw new HttpError(400, `Map a column to ${key.label}: it says which record each row is.`, {
      issues: [{ path: 'mapping', message: `no column is mapped to ${key.name}` }],
    });
  }
  const rows = rowsOf(sheet, mapping);
  if (!rows.length) throw new HttpError(400, 'The file has no rows under its header.');
  const { actor } = context;
  const applied = mode === 'apply';
  const outcome = applied
    ? await asActor(db, { userId: actor.id, device: context.device }, async (tx) => {
        const written = await target.run(tx, context, rows, true);
        await rememberMapping(tx, { organizationId, userId: actor.id }, target.kind, sheet.columns, mapping);
        return written;
      })
    : await target.run(db, context, rows, false);
  return {
    ...outcome,
    applied,
    columns: sheet.columns,
    mapping,
    mappingFrom,
    fields: target.fields.map(({ name, label, requiredForNew }) => ({ name, label, requiredForNew })),
    preview: sheet.rows
      .filter((row) => !isBlankRow(row))
      .slice(0, PREVIEW_ROWS)
      .map((row) => sheet.columns.map((_, i) => cellText(row[i] ?? null) ?? '')),
  };
}

/** The template of a kind: its column labels and an example row, with a BOM so Excel reads it as UTF-8. */
export async function importTemplate(db: Database, target: ImportTarget, scope: Scope): Promise<Buffer> {
  const example = await target.example(db, scope);
  const csv = Papa.unparse([target.fields.map((f) => f.label), target.fields.map((f) => example[f.name] ?? '')]);
  return Buffer.from(`\uFEFF${csv}`);
}
