import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { plants, userPlants, valves } from '../../db/schema';

/** What a request may see: its organization, and within it every plant (null) or only the listed ones. */
export type Scope = { organizationId: number; plants: string[] | null };

/** The condition that keeps a query on valves (or joined to them) inside the scope. */
export function valvesInScope(scope: Scope): SQL {
  const ofOrganization = eq(valves.organizationId, scope.organizationId);
  if (!scope.plants) return ofOrganization;
  return and(ofOrganization, inArray(valves.plant, scope.plants)) as SQL;
}

/**
 * The names of the plants a user is limited to (null: not limited), as a column of a query on users.
 * The outer "users"."id" is spelled out: in a one-table select drizzle leaves columns unqualified, and a bare
 * "id" inside the subquery would mean plants.id.
 */
export const userPlantNames = sql<string[] | null>`(select array_agg(${plants.name} order by ${plants.name})
  from ${userPlants} join ${plants} on ${plants.id} = ${userPlants.plantId} where ${userPlants.userId} = "users"."id")`;
