/**
 * The bulk path (issue 31): a historian's CSV export of up to 500,000 readings in one request, written by COPY into
 * a staging table and moved from there by two statements, the raw rows and then their rollups (decisions/125),
 * instead of 10,000-reading JSON batches that travel as statement parameters. The same rules as the batch: every row checked
 * against the batch's contract first (nothing written when one fails, the 400 naming the spreadsheet rows), a
 * reading stored already skipped, one stored with another value corrected, the last of a repeated reading kept.
 */
import { ANALYTICS_LIMITS } from '@common/analytics';
import { type SensorReadingBatchResult, type SensorReadingInput, sensorReadingInput } from '@common/schemas/analytics';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { type Database, inTransaction } from '../../db/client';
import { copyInto } from '../../db/copy';
import { rowsOf } from '../../db/rows';
import { channelReadings, channelRollups, sensorReadings } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { HttpError } from '../../plugins/errors';
import { channelOf, isSpecSensor, type ReadingPlace, resolveChannels } from './channels';
import { announceReadings } from './events';
import { ADD_TO_STORED_BUCKETS, bucketsOf, rebuildRollups, type TouchedHour } from './rollups';
import { derivedQuality, incomingOf, lastPerInstant, resolveValveTags, storedValue } from './service';

/** The file's columns: the batch's reading fields, by the same names. */
const COLUMNS = ['valveId', 'timestamp', 'sensorType', 'channel', 'unit', 'value', 'quality'] as const;
const REQUIRED = ['valveId', 'timestamp', 'value'] as const;
/** Rows named in a 400, as the batch names at most 100 readings. */
const NAMED_ROWS = 100;
const HOUR = 3_600_000;

/** A row's place is its spreadsheet row: the headings are row 1. */
const ROW_PLACE: ReadingPlace = { path: (row) => `rows.${row}`, label: (row) => `Row ${row}` };

type Row = { row: number; reading: SensorReadingInput };

/** The file's readings, each checked by the batch's contract; throws 400 naming the rows (and fields) that fail. */
export function readingsOfCsv(csv: string): Row[] {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const [headings = [], ...lines] = parsed.data;
  const names = headings.map((h) => h.trim());
  const unknown = names.filter((n) => !(COLUMNS as readonly string[]).includes(n));
  if (unknown.length)
    throw new HttpError(
      400,
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: the columns are ${COLUMNS.join(', ')}`,
    );
  const missing = REQUIRED.filter((n) => !names.includes(n));
  if (missing.length) throw new HttpError(400, `The first row must name the columns; missing: ${missing.join(', ')}`);
  const rows: Row[] = [];
  const issues: { path: string; message: string }[] = [];
  let badRows = 0;
  lines.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((c) => c.trim() === '')) return;
    const fields: Record<string, unknown> = {};
    names.forEach((name, c) => {
      const cell = (cells[c] ?? '').trim();
      if (cell === '') return;
      fields[name] = name === 'value' ? Number(cell) : cell;
    });
    const checked = sensorReadingInput.safeParse(fields);
    if (checked.success) rows.push({ row, reading: checked.data });
    else {
      badRows += 1;
      for (const issue of checked.error.issues)
        if (issues.length < NAMED_ROWS)
          issues.push({ path: `rows.${row}.${issue.path.join('.')}`, message: issue.message });
    }
  });
  if (badRows) {
    const [first] = issues;
    throw new HttpError(
      400,
      `${badRows} row${badRows > 1 ? 's are' : ' is'} not a reading; row ${first.path.split('.')[1]}: ${first.path.split('.')[2]} ${first.message}`,
      { issues },
    );
  }
  if (!rows.length) throw new HttpError(400, 'The file holds no readings: a row of column names, then a reading a row');
  if (rows.length > ANALYTICS_LIMITS.maxBulkReadings)
    throw new HttpError(
      413,
      `The file holds ${rows.length.toLocaleString('en-US')} readings; send at most ${ANALYTICS_LIMITS.maxBulkReadings.toLocaleString('en-US')} a request`,
    );
  return rows;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A value in COPY's text format: numbers as they are, text (checked names and units) escaped all the same. */
const copyText = (value: string | number | null) =>
  value === null
    ? '\\N'
    : typeof value === 'number'
      ? String(value)
      : value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]);

/**
 * The staged readings into their tables in key order (as the batch writes, so two writers of the same keys wait
 * rather than deadlock), new ones only; returns how many were new.
 */
async function insertNew(db: Database, organizationId: number): Promise<number> {
  const [{ inserted }] = await rowsOf<{ inserted: number }>(
    db,
    sql`with spec as (
      insert into ${sensorReadings} (organization_id, valve_id, sensor_type, "timestamp", value, quality)
      select ${organizationId}, valve_id, sensor_type, at, value, quality from bulk_readings
      where sensor_type is not null order by 2, 3, 4
      on conflict (valve_id, sensor_type, "timestamp") do nothing
      returning 1
    ), other as (
      insert into ${channelReadings} (channel_id, "timestamp", value)
      select channel_id, at, value from bulk_readings where sensor_type is null order by 1, 2
      on conflict (channel_id, "timestamp") do nothing
      returning 1
    )
    select ((select count(*) from spec) + (select count(*) from other))::int as inserted`,
  );
  return inserted;
}

/** The staged readings stored with another value corrected; returns the hours they fall in. */
async function correctStored(db: Database, organizationId: number): Promise<TouchedHour[]> {
  const corrected = await rowsOf<{ channel_id: number; valve_id: number; sensor_type: string | null; at: string }>(
    db,
    sql`with spec as (
      insert into ${sensorReadings} (organization_id, valve_id, sensor_type, "timestamp", value, quality)
      select ${organizationId}, valve_id, sensor_type, at, value, quality from bulk_readings
      where sensor_type is not null order by 2, 3, 4
      on conflict (valve_id, sensor_type, "timestamp") do update set value = excluded.value, quality = excluded.quality
      where ${sensorReadings}.value is distinct from excluded.value or ${sensorReadings}.quality is distinct from excluded.quality
      returning valve_id, sensor_type, "timestamp"
    ), other as (
      insert into ${channelReadings} (channel_id, "timestamp", value)
      select channel_id, at, value from bulk_readings where sensor_type is null order by 1, 2
      on conflict (channel_id, "timestamp") do update set value = excluded.value
      where ${channelReadings}.value is distinct from excluded.value
      returning channel_id, "timestamp"
    )
    select b.channel_id, b.valve_id, b.sensor_type, b.at from spec
    join bulk_readings b on b.valve_id = spec.valve_id and b.sensor_type = spec.sensor_type and b.at = spec."timestamp"
    union all
    select b.channel_id, b.valve_id, b.sensor_type, b.at from other
    join bulk_readings b on b.sensor_type is null and b.channel_id = other.channel_id and b.at = other."timestamp"`,
  );
  return corrected.map((c) => ({
    channelId: c.channel_id,
    valveId: c.valve_id,
    sensorType: c.sensor_type as TouchedHour['sensorType'],
    hour: Math.floor(new Date(c.at).getTime() / HOUR) * HOUR,
  }));
}

/**
 * The staged readings moved, and the rollups kept: when every one was new (a backfill, the usual file) their
 * buckets are added straight from the staging table; when only some were, which ones is not known without reading
 * them back, so the hours the file touched are rebuilt from the raw readings; when none was, only the corrected
 * readings' hours are.
 */
async function moveStaged(db: Database, organizationId: number, hours: () => TouchedHour[], staged: number) {
  const inserted = await insertNew(db, organizationId);
  if (inserted === staged) {
    await db.execute(sql`insert into ${channelRollups} (channel_id, step_ms, t, count, sum, min, max, last, last_at)
      select * from (${bucketsOf(sql`(select channel_id, at, canonical as v from bulk_readings) as staged`)}) as b
      order by 1, 2, 3
      ${ADD_TO_STORED_BUCKETS}`);
    return { inserted, updated: 0 };
  }
  const corrected = await correctStored(db, organizationId);
  await rebuildRollups(db, inserted > 0 ? hours() : corrected);
  return { inserted, updated: corrected.length };
}

/** A CSV file of readings stored in one transaction; answers as the batch does. */
export async function ingestCsv(db: Database, scope: Scope, csv: string): Promise<SensorReadingBatchResult> {
  const rows = readingsOfCsv(csv);
  const ids = await resolveValveTags(
    db,
    scope,
    rows.map((r) => r.reading.valveId),
    { path: (i) => ROW_PLACE.path(rows[i].row), label: (i) => ROW_PLACE.label(rows[i].row) },
  );
  const { inserted, updated } = await inTransaction(db, async (tx) => {
    const all = rows.map((r) => incomingOf(r.reading, r.row, ids.get(r.reading.valveId) as number));
    const channels = await resolveChannels(tx, scope.organizationId, all, ROW_PLACE);
    const incoming = lastPerInstant(all);
    const lines = incoming.map((r) => {
      const channel = channelOf(channels, r);
      const { value, canonical } = storedValue(channel, r);
      const sensorType = isSpecSensor(r.name) ? r.name : null;
      const quality = sensorType
        ? derivedQuality({ quality: r.quality as SensorReadingInput['quality'], sensorType, value })
        : null;
      return [channel.id, r.valveId, sensorType, r.timestamp.toISOString(), value, canonical, quality]
        .map(copyText)
        .join('\t');
    });
    // Dropped at commit (or rollback): each request stages in its own. The sorts of a file fit in memory.
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`create temp table bulk_readings (channel_id int, valve_id int, sensor_type text,
      at timestamptz, value float8, canonical float8, quality text) on commit drop`);
    await copyInto(tx, 'bulk_readings', `${lines.join('\n')}\n`);
    const hours = () =>
      incoming.map((r) => {
        const channel = channelOf(channels, r);
        return {
          channelId: channel.id,
          valveId: r.valveId,
          sensorType: isSpecSensor(r.name) ? r.name : null,
          hour: Math.floor(r.timestamp.getTime() / HOUR) * HOUR,
        };
      });
    return moveStaged(tx, scope.organizationId, hours, incoming.length);
  });
  if (inserted + updated > 0)
    announceReadings({ organizationId: scope.organizationId, valveIds: [...new Set(ids.values())] });
  return { received: rows.length, inserted, updated, duplicates: rows.length - inserted - updated };
}
