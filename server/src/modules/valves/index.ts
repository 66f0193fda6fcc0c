/** The valves domain's door: what the app and other domains may use of it (docs/decisions/008). */
export { markValveMaintained, type Replan } from './commands';
export { valveExport } from './export-source';
export { valveImport } from './import';
export { valveRecords } from './record-kind';
export { valveRoutes } from './routes';
export { assertValveExists, valveDetailsOf } from './service';
