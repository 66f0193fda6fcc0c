/** The users domain's door: what the app may use of it (docs/decisions/008). */
export { userImport } from './import';
export { userRoutes } from './routes';
