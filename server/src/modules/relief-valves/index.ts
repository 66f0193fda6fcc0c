/** The relief valves domain's door: what the app and other domains may use of it (docs/decisions/008). */

export { reliefDeviceImport } from './device-import';
export { reliefTestExport } from './export-source';
export { judgeWork, resultOf } from './judge';
export { type ReliefMonthFigures, reliefTestsInMonth } from './month-figures';
export { reliefTestRecords } from './record-kind';
export { reliefValveRoutes } from './routes';
/** The plant rule of relief tags, devices and tests (scope.ts): row in scope, or a 404. */
export { reliefDeviceInScope, reliefTagInScope, reliefTestInScope } from './scope';
export { reliefTagImport } from './tag-import';
export { reliefTestsDueOn } from './valve-tags';
