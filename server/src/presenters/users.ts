import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { jsonObject } from '../db/json';

/** common's userRef for a person a record names, joined as `person` (a left join: null when there is none). */
export const personJson = (person: { id: AnyColumn; name: AnyColumn }): SQL =>
  sql`case when ${person.id} is null then null else ${jsonObject({ id: person.id, name: person.name })} end`;
