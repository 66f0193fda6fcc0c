/** The health probes' door: what the app may use of them (docs/decisions/008). */
export { healthRoutes } from './routes';
