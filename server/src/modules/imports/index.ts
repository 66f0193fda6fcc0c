/** The imports domain's door: what the app may use of it (docs/decisions/008). */
export { importRoutes } from './routes';
