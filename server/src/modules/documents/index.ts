/** The documents domain's door: what the app may use of it (docs/decisions/008). */

export { documentRecords } from './record-kind';
export { documentRoutes } from './routes';
