import type { UserRef } from '@common/schemas/users';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { jsonObject } from '../db/json';
import { users } from '../db/schema';

/** common's userRef for a person a record names, joined as `person` (a left join: null when there is none). */
export const personJson = (person: { id: AnyColumn; name: AnyColumn }): SQL =>
  sql`case when ${person.id} is null then null else ${jsonObject({ id: person.id, name: person.name })} end`;

const named = alias(users, 'named_person');

/**
 * common's userRef for the user a column names, or null: a lookup by primary key for the names a record carries
 * besides those its query joins (who started, completed, cancelled, recorded).
 */
export const personById = (userId: AnyColumn): SQL<UserRef | null> =>
  sql<UserRef | null>`(${sql`select ${jsonObject({ id: named.id, name: named.name })} from ${users} as ${sql.identifier('named_person')} where ${eq(named.id, userId)}`})`;
