/** The sensor readings domain's door: what the app and other domains may use of it (docs/decisions/008). */
export { onReadings, type ReadingsArrived } from './events';
export { readingExport } from './export-source';
export { startMqttIngest } from './mqtt';
export { readingsPartitionsJob } from './partitions';
export { purgeOldReadings, readingsPurgeJob } from './rollups';
export { sensorReadingRoutes } from './routes';
export { storeIncoming, storeReadings } from './service';
