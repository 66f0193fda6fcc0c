import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reliefDevices, reliefInstallations, reliefTags, reliefTests } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';

/*
 * The one place the plant rule of relief valves lives (issues 26, 27 and 28): what a user limited to some plants
 * may read and write. A tag belongs to its plant; a device to the plant of the tag it was last installed on (a
 * device never installed belongs to the shop, so every plant of the organization sees it); a test to the plant of
 * the tag it was filed under, or its device's when it was a spare's bench test. Everything else answers 404.
 */

export const TAG_NOT_FOUND = 'Relief valve tag not found';
export const DEVICE_NOT_FOUND = 'Relief valve not found';
export const TEST_NOT_FOUND = 'Relief valve test record not found';

/** Tags of the organization, and of the user's plants when they are limited to some. */
export function tagsInScope(scope: Scope): SQL {
  const ofOrganization = eq(reliefTags.organizationId, scope.organizationId);
  return scope.plants ? (and(ofOrganization, inArray(reliefTags.plant, scope.plants)) as SQL) : ofOrganization;
}

/** The plant of the tag a device was last installed on (null: never installed), as a column of a device query. */
const devicePlant = sql<string | null>`(select ${reliefTags.plant} from ${reliefInstallations}
  join ${reliefTags} on ${reliefTags.id} = ${reliefInstallations.tagId}
  where ${reliefInstallations.deviceId} = ${reliefDevices.id}
  order by ${reliefInstallations.installedOn} desc, ${reliefInstallations.id} desc limit 1)`;

/** Devices of the organization, and for a plant-limited user those of their plants or never installed. */
export function devicesInScope(scope: Scope): SQL {
  const ofOrganization = eq(reliefDevices.organizationId, scope.organizationId);
  if (!scope.plants) return ofOrganization;
  const plants = sql.join(
    scope.plants.map((p) => sql`${p}`),
    sql`, `,
  );
  return and(ofOrganization, sql`coalesce(${devicePlant} in (${plants}), true)`) as SQL;
}

/** The tag row, or 404 outside the scope. */
export async function reliefTagInScope(db: Database, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(reliefTags)
    .where(and(tagsInScope(scope), eq(reliefTags.id, id)));
  if (!row) throw notFound(TAG_NOT_FOUND);
  return row;
}

/** The device row, or 404 outside the scope. */
export async function reliefDeviceInScope(db: Database, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(reliefDevices)
    .where(and(devicesInScope(scope), eq(reliefDevices.id, id)));
  if (!row) throw notFound(DEVICE_NOT_FOUND);
  return row;
}

/** The test row, or 404 outside the scope: its tag's plant, or its device's for a spare's test. */
export async function reliefTestInScope(db: Database, scope: Scope, id: number) {
  const [row] = await db
    .select({ test: reliefTests, tagPlant: reliefTags.plant })
    .from(reliefTests)
    .leftJoin(reliefTags, eq(reliefTags.id, reliefTests.tagId))
    .where(and(eq(reliefTests.organizationId, scope.organizationId), eq(reliefTests.id, id)));
  if (!row) throw notFound(TEST_NOT_FOUND);
  if (scope.plants) {
    if (row.tagPlant !== null ? !scope.plants.includes(row.tagPlant) : false) throw notFound(TEST_NOT_FOUND);
    if (row.tagPlant === null)
      await reliefDeviceInScope(db, scope, row.test.deviceId).catch(() => {
        throw notFound(TEST_NOT_FOUND);
      });
  }
  return row.test;
}

/** The position a device served on a day: its latest installation begun on or before it (null: a spare). */
export async function tagServedOn(db: Database, deviceId: number, day: string) {
  const [row] = await db
    .select({ tagId: reliefInstallations.tagId, plant: reliefTags.plant, valveId: reliefTags.valveId })
    .from(reliefInstallations)
    .innerJoin(reliefTags, eq(reliefTags.id, reliefInstallations.tagId))
    .where(and(eq(reliefInstallations.deviceId, deviceId), sql`${reliefInstallations.installedOn} <= ${day}`))
    .orderBy(desc(reliefInstallations.installedOn), desc(reliefInstallations.id))
    .limit(1);
  return row ?? null;
}
