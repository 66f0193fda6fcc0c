import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { valves } from '../db/schema';

/*
 * A tag in any case is the same valve: tags are unique in an organization regardless of case (issue 30, FCV-101A
 * is fcv-101a), and the unique index on lower(valve_id) serves these matches. In lib/ because valves, plans and
 * the readings' ingest (below valves) all match tags.
 */

const loweredTag = sql`lower(${valves.valveId})`;

export const sameTag = (tag: string): SQL => sql`${loweredTag} = lower(${tag})`;

/**
 * Any of `tags`, as one text[] parameter rather than one parameter per tag: a readings batch names dozens of
 * valves, and building a query with a parameter for each cost more than running it.
 */
export const tagIn = (tags: readonly string[]): SQL => lowerIn(valves.valveId, tags);

/** Any of `keys` in `column`, regardless of case, as one text[] parameter (relief tags, serial numbers too). */
export const lowerIn = (column: AnyPgColumn, keys: readonly string[]): SQL =>
  sql`lower(${column}) = any(${textArray([...new Set(keys.map((k) => k.toLowerCase()))])}::text[])`;

/** A PostgreSQL text[] literal, each element quoted. */
export const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
