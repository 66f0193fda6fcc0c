import { RELIEF_VALVE_TYPE, STANDARD_VALVE_TYPES } from '@common/constants';
import type { ValveTypeEntry } from '@common/schemas/plants';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valves, valveTypes } from '../../db/schema';
import { conflict, invalidField, refuseDuplicate } from '../../plugins/errors';

/*
 * The valve catalog (issue 30): the standard list every organization starts from, then the organization's own
 * types. Names compare regardless of case, so "butterfly valve" is the standard Butterfly Valve, not a second one.
 */

const STANDARD: readonly string[] = STANDARD_VALVE_TYPES;

export async function listValveTypes(db: Database, organizationId: number): Promise<ValveTypeEntry[]> {
  const [own, counts] = await Promise.all([
    db
      .select({ id: valveTypes.id, name: valveTypes.name })
      .from(valveTypes)
      .where(eq(valveTypes.organizationId, organizationId))
      .orderBy(asc(valveTypes.name)),
    db
      .select({ type: valves.type, n: count() })
      .from(valves)
      .where(eq(valves.organizationId, organizationId))
      .groupBy(valves.type),
  ]);
  const used = new Map(counts.map((c) => [c.type, c.n]));
  const entry = (id: number | null, name: string): ValveTypeEntry => ({
    id,
    name,
    standard: id === null,
    reliefClass: name === RELIEF_VALVE_TYPE,
    valves: used.get(name) ?? 0,
  });
  return [...STANDARD.map((name) => entry(null, name)), ...own.map((t) => entry(t.id, t.name))];
}

export async function addValveType(db: Database, organizationId: number, name: string): Promise<ValveTypeEntry> {
  const existing = (await listValveTypes(db, organizationId)).find((t) => t.name.toLowerCase() === name.toLowerCase());
  if (existing) throw conflict(`The catalog already has ${existing.name}.`);
  const [row] = await refuseDuplicate(
    () => db.insert(valveTypes).values({ organizationId, name }).returning({ id: valveTypes.id }),
    conflict(`The catalog already has ${name}.`),
  );
  return { id: row.id, name, standard: false, reliefClass: false, valves: 0 };
}

/**
 * The catalog's spelling of a type a record names: a 400 naming the field and listing the catalog when the
 * organization has no such type.
 */
export async function checkValveType(
  db: Database,
  organizationId: number,
  name: string,
  options: { field?: string; where?: 'body' | 'query' } = {},
): Promise<string> {
  const wanted = name.toLowerCase();
  const standard = STANDARD.find((t) => t.toLowerCase() === wanted);
  if (standard) return standard;
  const [own] = await db
    .select({ name: valveTypes.name })
    .from(valveTypes)
    .where(sql`${valveTypes.organizationId} = ${organizationId} and lower(${valveTypes.name}) = ${wanted}`);
  if (own) return own.name;
  const names = (await listValveTypes(db, organizationId)).map((t) => t.name).join(', ');
  const field = options.field ?? 'type';
  throw invalidField(field, `must be one of: ${names}`, options.where);
}
