/** The users domain's door: what the app and other domains may use of it (docs/decisions/008). */
export { colleagueNamed } from './colleague';
export { userImport } from './import';
export { userRoutes } from './routes';
