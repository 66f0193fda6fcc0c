import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/*
 * JSON built by the database for the hottest reads. Decoding rows field by field, mapping them and serialising them
 * again was most of the server's time on those reads (on PGlite most of it is the driver decoding rows in
 * JavaScript); as one text column the database's C code does that work and the server sends the text as it is.
 */

/** The format of Date.toISOString, which every other response uses for instants. */
export const isoInstant = (column: AnyColumn): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `'key', value` pairs for json_build_object, one per entry, in the record's order. */
export function jsonPairs(fields: Record<string, AnyColumn | SQL>): SQL {
  return sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );
}

/** A JSON object of the given fields: `json_build_object('key', value, ...)`. */
export const jsonObject = (fields: Record<string, AnyColumn | SQL>): SQL =>
  sql`json_build_object(${jsonPairs(fields)})`;
