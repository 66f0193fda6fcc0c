import type { ImportReport } from '@common/schemas/imports';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { importColumnMappings } from '../../db/schema';
import { comparableHeader, type ImportField, type ImportTarget } from '../../lib/imports';
import { HttpError } from '../../plugins/errors';

/*
 * Which column is which field (issue 32): the mapping sent with the file; else the one last applied to a file with
 * the same columns; else the columns whose names say the field ("Valve ID", "Tag", "Manufacturer", "Make"...).
 */

export type ColumnMapping = Record<string, string>;
type Resolved = { mapping: ColumnMapping; mappingFrom: ImportReport['mappingFrom'] };

const headerKey = (columns: string[]) => columns.map(comparableHeader).join('|');

const IGNORED = new Set(['', 'ignore', 'skip', '-']);

/** A mapping sent along, checked against the file and the kind: a wrong name is a 400 that says what exists. */
function checked(target: ImportTarget, columns: string[], given: ColumnMapping): ColumnMapping {
  const mapping: ColumnMapping = {};
  const names = new Set(target.fields.map((f) => f.name));
  const mappedBy = new Map<string, string>();
  for (const [column, field] of Object.entries(given)) {
    if (!columns.includes(column)) {
      throw new HttpError(400, `The mapping names a column the file does not have: "${column}".`, {
        issues: [{ path: 'mapping', message: `the file's columns are: ${columns.join(', ')}` }],
      });
    }
    if (IGNORED.has(field)) continue;
    if (!names.has(field)) {
      throw new HttpError(400, `The mapping names a field ${target.kind} do not have: "${field}".`, {
        issues: [{ path: 'mapping', message: `fields are: ${[...names].join(', ')}` }],
      });
    }
    const other = mappedBy.get(field);
    if (other !== undefined) {
      throw new HttpError(400, `Two columns ("${other}" and "${column}") are mapped to ${field}: map one.`);
    }
    mappedBy.set(field, column);
    mapping[column] = field;
  }
  return mapping;
}

/** The columns whose names say a field, each field taken once, in the file's order. */
function byHeaders(fields: readonly ImportField[], columns: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<string>();
  const names = (f: ImportField) => [f.name, f.label, ...f.headers].map(comparableHeader);
  for (const column of columns) {
    const wanted = comparableHeader(column);
    const field = fields.find((f) => !taken.has(f.name) && names(f).includes(wanted));
    if (!field || wanted === '') continue;
    taken.add(field.name);
    mapping[column] = field.name;
  }
  return mapping;
}

export async function resolveMapping(
  db: Database,
  organizationId: number,
  target: ImportTarget,
  columns: string[],
  given: ColumnMapping | undefined,
): Promise<Resolved> {
  if (given) return { mapping: checked(target, columns, given), mappingFrom: 'request' };
  const [remembered] = await db
    .select({ mapping: importColumnMappings.mapping })
    .from(importColumnMappings)
    .where(
      and(
        eq(importColumnMappings.organizationId, organizationId),
        eq(importColumnMappings.kind, target.kind),
        eq(importColumnMappings.headers, headerKey(columns)),
      ),
    );
  if (remembered)
    return { mapping: checked(target, columns, remembered.mapping as ColumnMapping), mappingFrom: 'remembered' };
  return { mapping: byHeaders(target.fields, columns), mappingFrom: 'headers' };
}

/** Kept for the next file with these columns, once a mapping has been applied. */
export async function rememberMapping(
  db: Database,
  by: { organizationId: number; userId: number },
  kind: string,
  columns: string[],
  mapping: ColumnMapping,
) {
  await db
    .insert(importColumnMappings)
    .values({ organizationId: by.organizationId, kind, headers: headerKey(columns), mapping, updatedBy: by.userId })
    .onConflictDoUpdate({
      target: [importColumnMappings.organizationId, importColumnMappings.kind, importColumnMappings.headers],
      set: { mapping, updatedBy: by.userId, updatedAt: sql`now()` },
    });
}
