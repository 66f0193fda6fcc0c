/**
 * Readings in: a batch is checked against the caller's valves and written in one INSERT … ON CONFLICT DO NOTHING,
 * so a replayed batch (a retry, a re-imported file) stores nothing twice.
 */
import { VIBRATION_ZONES_MM_S } from '@common/analytics';
import type { SensorReadingBatchResult, SensorReadingInput } from '@common/schemas/analytics';
import { and, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { sensorReadings, valves } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { HttpError } from '../../plugins/errors';
import { announceReadings } from './events';

/** Unknown tags named in the 400, at most this many (a file of a foreign plant would list hundreds). */
const NAMED_UNKNOWN = 10;

/** Quality when the sender gave none: vibration by its ISO zone, the rest good. */
export function derivedQuality(r: Pick<SensorReadingInput, 'quality' | 'sensorType' | 'value'>): string {
  if (r.quality) return r.quality;
  if (r.sensorType !== 'vibration') return 'good';
  if (r.value >= VIBRATION_ZONES_MM_S.cd) return 'critical';
  if (r.value >= VIBRATION_ZONES_MM_S.bc) return 'warning';
  return 'good';
}

/** The numeric ids of those of the given tags the scope holds. */
export async function knownValveIds(db: Database, scope: Scope, tags: string[]): Promise<Map<string, number>> {
  // One array parameter rather than a parameter per tag: a batch names dozens of valves, and building the query
  // for each of them cost more than running it.
  const rows = await db
    .select({ id: valves.id, valveId: valves.valveId })
    .from(valves)
    .where(and(valvesInScope(scope), sql`${valves.valveId} = any(${textArray([...new Set(tags)])}::text[])`));
  return new Map(rows.map((r) => [r.valveId, r.id]));
}

/** A PostgreSQL text[] literal, each element quoted. */
const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** The numeric ids of the given tags within the scope; throws 400 naming the tags it does not know. */
export async function resolveValveTags(db: Database, scope: Scope, tags: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(tags)];
  const ids = await knownValveIds(db, scope, unique);
  const unknown = unique.filter((t) => !ids.has(t));
  if (unknown.length) {
    const named = unknown.slice(0, NAMED_UNKNOWN).join(', ');
    const more = unknown.length > NAMED_UNKNOWN ? ` and ${unknown.length - NAMED_UNKNOWN} more` : '';
    const issues = tags.flatMap((t, i) =>
      ids.has(t) ? [] : [{ path: `readings.${i}.valveId`, message: `no valve ${t} in your plants` }],
    );
    throw new HttpError(400, `Unknown valve${unknown.length > 1 ? 's' : ''}: ${named}${more}`, {
      issues: issues.slice(0, 100),
    });
  }
  return ids;
}

/**
 * Stores a validated batch in one statement. The rows travel as six arrays (unnest), so 10,000 readings are six
 * parameters rather than 60,000, which PostgreSQL's 65,535-parameter limit would barely allow.
 */
export async function storeReadings(
  db: Database,
  organizationId: number,
  rows: { valveId: number; sensorType: string; timestamp: Date; value: number; quality: string }[],
): Promise<number> {
  if (!rows.length) return 0;
  const [stored] = await rowsOf<{ n: number }>(
    db,
    sql`
    with inserted as (
      insert into ${sensorReadings} (organization_id, valve_id, sensor_type, "timestamp", value, quality)
      select ${organizationId}, * from unnest(
        ${`{${rows.map((r) => r.valveId).join(',')}}`}::int[],
        ${`{${rows.map((r) => r.sensorType).join(',')}}`}::text[],
        ${`{${rows.map((r) => `"${r.timestamp.toISOString()}"`).join(',')}}`}::timestamptz[],
        ${`{${rows.map((r) => r.value).join(',')}}`}::float8[],
        ${`{${rows.map((r) => r.quality).join(',')}}`}::text[]
      )
      on conflict do nothing
      returning 1
    )
    select count(*)::int as n from inserted`,
  );
  return Number(stored.n);
}

export async function ingestBatch(
  db: Database,
  scope: Scope,
  readings: SensorReadingInput[],
): Promise<SensorReadingBatchResult> {
  const ids = await resolveValveTags(
    db,
    scope,
    readings.map((r) => r.valveId),
  );
  const inserted = await storeReadings(
    db,
    scope.organizationId,
    readings.map((r) => ({
      valveId: ids.get(r.valveId) as number,
      sensorType: r.sensorType,
      timestamp: new Date(r.timestamp),
      value: r.value,
      quality: derivedQuality(r),
    })),
  );
  if (inserted > 0) announceReadings({ organizationId: scope.organizationId, valveIds: [...new Set(ids.values())] });
  return { received: readings.length, inserted, duplicates: readings.length - inserted };
}
