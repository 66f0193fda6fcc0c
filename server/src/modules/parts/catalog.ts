import type { createPartBody, Part, updatePartBody } from '@common/schemas/parts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { partStock, parts } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { conflict, notFound, refuseDuplicate, staleVersion } from '../../plugins/errors';
import { PART_NOT_FOUND, storeInScope } from './scope';
import { readPart } from './service';

const duplicateNumber = (partNumber: string) => conflict(`Part number ${partNumber} is already in the catalog.`);

export async function createPart(db: Database, scope: Scope, body: z.output<typeof createPartBody>): Promise<Part> {
  const [row] = await refuseDuplicate(
    () =>
      db
        .insert(parts)
        .values({ organizationId: scope.organizationId, ...body })
        .returning({ id: parts.id }),
    duplicateNumber(body.partNumber),
  );
  return readPart(db, scope, row.id);
}

/** The part's own fields and bins, on the version the change was made to (409 with the part as it is if stale). */
export async function updatePart(
  db: Database,
  scope: Scope,
  id: number,
  body: z.output<typeof updatePartBody>,
): Promise<Part> {
  const [locked] = await db
    .select({ version: parts.version })
    .from(parts)
    .where(and(eq(parts.organizationId, scope.organizationId), eq(parts.id, id)))
    .for('update');
  if (!locked) throw notFound(PART_NOT_FOUND);
  if (locked.version !== body.version) throw staleVersion('part', await readPart(db, scope, id));
  const { version, bins, ...fields } = body;
  if (Object.keys(fields).length) {
    await refuseDuplicate(
      () =>
        db
          .update(parts)
          .set({ ...fields, version: version + 1, updatedAt: new Date() })
          .where(eq(parts.id, id)),
      duplicateNumber(fields.partNumber ?? ''),
    );
  } else {
    await db
      .update(parts)
      .set({ version: version + 1, updatedAt: new Date() })
      .where(eq(parts.id, id));
  }
  for (const { storeId, bin } of bins ?? []) await labelBin(db, scope, id, storeId, bin);
  return readPart(db, scope, id);
}

/** Where the part sits in a store: its stock row's label (a row of nothing on hand if it had none). */
async function labelBin(db: Database, scope: Scope, partId: number, storeId: number, bin: string | null) {
  await storeInScope(db, scope, storeId);
  await db
    .insert(partStock)
    .values({ organizationId: scope.organizationId, partId, storeId, bin })
    .onConflictDoUpdate({
      target: [partStock.partId, partStock.storeId],
      set: { bin: sql`excluded.bin` },
    });
}
