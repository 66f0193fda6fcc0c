import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { plants, userPlants, valves } from '../db/schema';

/** What a request may see: its organization, and within it every plant (null) or only the listed ones. */
export type Scope = { organizationId: number; plants: string[] | null };

/** The condition that keeps a query on valves (or joined to them) inside the scope. */
export function valvesInScope(scope: Scope): SQL {
  const ofOrganization = eq(valves.organizationId, scope.organizationId);
  if (!scope.plants) return ofOrganization;
  return and(ofOrganization, inArray(valves.plant, scope.plants)) as SQL;
}

/**
 * The same condition for a statement written in SQL with the valves table under `alias` (`join valves v`): the
 * cost report's and the reliability figures' reads.
 */
export function valvesAliasInScope(alias: string, scope: Scope): SQL {
  const valve = (column: string) => sql.raw(`${alias}.${column}`);
  const ofOrganization = sql`${valve('organization_id')} = ${scope.organizationId}`;
  if (!scope.plants) return ofOrganization;
  return sql`${ofOrganization} and ${valve('plant')} in ${scope.plants.length ? scope.plants : ['']}`;
}

/** A drizzle select that can also be prepared once under a name. */
type Preparable<Row> = PromiseLike<Row[]> & {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
};

/**
 * The rows of `query` (on valves, or joined to them) whose `idColumn` is `id`, inside the scope. Users who see every
 * plant share one statement prepared under `name` (the hot detail reads); a plant-limited user's is built for them.
 */
export async function readByIdInScope<Row>(
  db: Database,
  scope: Scope,
  name: string,
  idColumn: AnyColumn,
  id: number,
  query: (where: SQL | undefined) => Preparable<Row>,
): Promise<Row[]> {
  if (scope.plants) return query(and(valvesInScope(scope), eq(idColumn, id)));
  const prepared = preparedQuery(db, name, () =>
    query(
      and(eq(valves.organizationId, sql.placeholder('organizationId')), eq(idColumn, sql.placeholder('id'))),
    ).prepare(name),
  );
  return prepared.execute({ organizationId: scope.organizationId, id });
}

/**
 * The names of the plants a user is limited to (null: not limited), as a column of a query on users.
 * The outer "users"."id" is spelled out: in a one-table select drizzle leaves columns unqualified, and a bare
 * "id" inside the subquery would mean plants.id.
 */
export const userPlantNames = sql<string[] | null>`(select array_agg(${plants.name} order by ${plants.name})
  from ${userPlants} join ${plants} on ${plants.id} = ${userPlants.plantId} where ${userPlants.userId} = "users"."id")`;
