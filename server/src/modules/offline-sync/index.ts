/** The offline sync domain's door: the change feed a device keeps its offline copy with (docs/decisions/023). */
export { offlineSyncRoutes } from './routes';
