/** The relief valves domain's door: what the app and other domains may use of it (docs/decisions/008). */

export { judgeWork } from './judge';
export { reliefTestRecords } from './record-kind';
export { reliefValveRoutes } from './routes';
