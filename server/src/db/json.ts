import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/*
 * JSON built by the database for the hottest reads (docs/decisions/006-database-built-json.md). Decoding rows field
 * by field, mapping them and serialising them again was most of the server's time on those reads (on PGlite most of
 * it is the driver decoding rows in JavaScript); as one text column the database's C code does that work and the
 * server sends the text as it is.
 */

declare const wire: unique symbol;
/**
 * JSON text in the wire format of `T` (a type of common/), as the database built it. Replies send it as it is with
 * `reply.sendJson` (plugins/json-replies.ts), which checks it against the route's schema in tests and development.
 */
export type JsonText<T> = string & { readonly [wire]: T };

/** Fields of a JSON object: its keys (those of common's schema) and the SQL of each value. */
export type JsonFields = Record<string, AnyColumn | SQL>;

/** The format of Date.toISOString, which every other response uses for instants. */
export const isoInstant = (column: AnyColumn | SQL): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `'key', value` pairs for json_build_object, one per entry, in the record's order. */
function jsonPairs(fields: JsonFields): SQL {
  return sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );
}

/** A JSON object of the given fields: `json_build_object('key', value, ...)`. */
export const jsonObject = (fields: JsonFields): SQL => sql`json_build_object(${jsonPairs(fields)})`;

/** The aggregated rows' `element`s as one JSON array in the given order (`[]` when there are none). */
export const jsonArray = (element: SQL, orderBy: SQL): SQL =>
  sql`coalesce(json_agg(${element} order by ${orderBy}), '[]'::json)`;

/** A JSON value as the text a reply sends. */
export const jsonText = <T>(json: SQL): SQL<JsonText<T>> => sql<JsonText<T>>`${json}::text`;
