import { readingExportQuery } from '@common/schemas/exports';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { sensorReadings, valves } from '../../db/schema';
import { exportSource } from '../../lib/exports/source';
import { valvesInScope } from '../../lib/scope';

/**
 * Sensor readings as a file (decisions/107): those of the valves in scope, filtered by valve tag, sensor, plant and
 * time, in keyset pages on the table's key (valve, sensor, time), which its primary key indexes. The time goes in
 * the key as the database's text, so a microsecond never sees a row twice or skips one.
 */
export const readingExport = exportSource({
  kind: 'readings',
  filters: readingExportQuery,
  columns: [
    { header: 'Valve ID', cell: (r: ReadingRow) => r.valveTag, width: 16 },
    { header: 'Plant', cell: (r) => r.plant, width: 20 },
    { header: 'Sensor', cell: (r) => r.sensor, width: 16 },
    { header: 'Time', cell: (r) => r.timestamp, width: 20 },
    { header: 'Value', cell: (r) => r.value },
    { header: 'Quality', cell: (r) => r.quality },
  ],
  page: (db, scope, query, after, size) =>
    db
      .select(fields)
      .from(sensorReadings)
      .innerJoin(valves, eq(valves.id, sensorReadings.valveId))
      .where(
        and(
          valvesInScope(scope),
          eq(sensorReadings.organizationId, scope.organizationId),
          query.valve ? eq(valves.valveId, query.valve) : undefined,
          query.sensor ? eq(sensorReadings.sensorType, query.sensor) : undefined,
          query.plant ? eq(valves.plant, query.plant) : undefined,
          query.from ? gte(sensorReadings.timestamp, query.from) : undefined,
          query.to ? lte(sensorReadings.timestamp, query.to) : undefined,
          after
            ? sql`(${sensorReadings.valveId}, ${sensorReadings.sensorType}, ${sensorReadings.timestamp}) > (${after.valveKey}, ${after.sensor}, ${after.timeKey}::timestamptz)`
            : undefined,
        ),
      )
      .orderBy(asc(sensorReadings.valveId), asc(sensorReadings.sensorType), asc(sensorReadings.timestamp))
      .limit(size),
});

const fields = {
  valveKey: sensorReadings.valveId,
  timeKey: sql<string>`${sensorReadings.timestamp}::text`,
  valveTag: valves.valveId,
  plant: valves.plant,
  sensor: sensorReadings.sensorType,
  timestamp: sensorReadings.timestamp,
  value: sensorReadings.value,
  quality: sensorReadings.quality,
};
type ReadingRow = {
  valveKey: number;
  timeKey: string;
  valveTag: string;
  plant: string;
  sensor: string;
  timestamp: Date;
  value: number;
  quality: string;
};
