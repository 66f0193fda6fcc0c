/** The API tokens domain's door: what the app may use of it (docs/decisions/008, 106). */
export { apiTokenRoutes } from './routes';
