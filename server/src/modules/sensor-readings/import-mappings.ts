/**
 * The CSV import's column mappings, one per source and organization (a name the user typed or the file's header
 * signature): saved when an import starts, offered again when a file from the same source is opened, on any device.
 */
import type { ImportColumnMapping, ImportMapping, ImportMappingInput } from '@common/schemas/import-mappings';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { importMappings, users } from '../../db/schema';

/** A source's mappings last saved first; all of the organization's when no source is given. */
export async function listImportMappings(
  db: Database,
  organizationId: number,
  source?: string,
): Promise<ImportMapping[]> {
  const conditions = [eq(importMappings.organizationId, organizationId)];
  if (source !== undefined) conditions.push(eq(importMappings.source, source));
  const rows = await db
    .select({
      source: importMappings.source,
      mapping: importMappings.mapping,
      updatedAt: importMappings.updatedAt,
      updatedBy: users.name,
    })
    .from(importMappings)
    .leftJoin(users, eq(users.id, importMappings.updatedBy))
    .where(and(...conditions))
    .orderBy(desc(importMappings.updatedAt), desc(importMappings.id));
  return rows.map((r) => ({
    source: r.source,
    mapping: r.mapping as ImportColumnMapping,
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: r.updatedBy ?? null,
  }));
}

/** Saves (or replaces) a source's mapping. */
export async function saveImportMapping(
  db: Database,
  by: { organizationId: number; userId: number },
  input: ImportMappingInput,
): Promise<ImportMapping> {
  await db
    .insert(importMappings)
    .values({ organizationId: by.organizationId, source: input.source, mapping: input.mapping, updatedBy: by.userId })
    .onConflictDoUpdate({
      target: [importMappings.organizationId, importMappings.source],
      set: { mapping: input.mapping, updatedBy: by.userId, updatedAt: sql`now()` },
    });
  const [saved] = await listImportMappings(db, by.organizationId, input.source);
  return saved;
}
