/** The dashboard's door: what the app may use of it (docs/decisions/008). */
export { dashboardRoutes } from './routes';
