/** The relief valves domain's door: what the app and other domains may use of it (docs/decisions/008). */

export { judgeWork } from './judge';
export { reliefValveRoutes } from './routes';
