import { foldMakerName as fold } from '@common/makers';
import type { Maker, MakerMergeBody } from '@common/schemas/makers';
import { type AnyColumn, and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valves } from '../../db/schema';
import { invalidField, notFound } from '../../plugins/errors';

/*
 * Manufacturers and models as the organization's valves name them (issue 30). Two spellings that differ only in
 * case or spacing are one maker: a new valve takes the spelling already in use; an admin merges the rest.
 */

/** The database's side of foldMakerName (common/makers.ts): lower case, runs of spaces as one. */
const folded = (column: SQL | AnyColumn) => sql`lower(regexp_replace(${column}, '\\s+', ' ', 'g'))`;

export async function listMakers(db: Database, organizationId: number): Promise<Maker[]> {
  const rows = await db
    .select({ manufacturer: valves.manufacturer, model: valves.model, n: count() })
    .from(valves)
    .where(eq(valves.organizationId, organizationId))
    .groupBy(valves.manufacturer, valves.model)
    .orderBy(asc(valves.manufacturer), asc(valves.model));
  const makers = new Map<string, Maker>();
  for (const row of rows) {
    const maker = makers.get(row.manufacturer) ?? { name: row.manufacturer, valves: 0, models: [] };
    maker.valves += row.n;
    maker.models.push({ name: row.model, valves: row.n });
    makers.set(row.manufacturer, maker);
  }
  return [...makers.values()];
}

/** The spelling the organization already uses for a manufacturer and model, where it uses one. */
export async function spellingInUse(
  db: Database,
  organizationId: number,
  manufacturer: string,
  model: string,
): Promise<{ manufacturer: string; model: string }> {
  const [maker] = await db
    .select({ name: valves.manufacturer })
    .from(valves)
    .where(and(eq(valves.organizationId, organizationId), sql`${folded(valves.manufacturer)} = ${fold(manufacturer)}`))
    .limit(1);
  const name = maker?.name ?? manufacturer;
  const [same] = await db
    .select({ model: valves.model })
    .from(valves)
    .where(
      and(
        eq(valves.organizationId, organizationId),
        eq(valves.manufacturer, name),
        sql`${folded(valves.model)} = ${fold(model)}`,
      ),
    )
    .limit(1);
  return { manufacturer: name, model: same?.model ?? model };
}

/** Every valve of `from` (in any case and spacing) takes `into`; the valves' history records the change. */
export async function mergeMakers(db: Database, organizationId: number, body: MakerMergeBody) {
  // The same spelling is no merge; another case or spacing of it is (FISHER into Fisher).
  if (body.from === body.into) {
    throw invalidField('into', 'must differ from from');
  }
  const merged = await db
    .update(valves)
    .set({ manufacturer: body.into, version: sql`${valves.version} + 1`, updatedAt: new Date() })
    .where(and(eq(valves.organizationId, organizationId), sql`${folded(valves.manufacturer)} = ${fold(body.from)}`))
    .returning({ id: valves.id });
  if (!merged.length) throw notFound(`No valve of your organization is made by ${body.from}.`);
  return { merged: merged.length, into: body.into };
}
