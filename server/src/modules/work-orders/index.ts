/** The work orders domain's door: what the app and other domains may use of it (docs/decisions/008). */

export { raiseNumberedWorkOrder } from './numbering';
export { workOrderRoutes } from './routes';
export { assertWorkOrderExists } from './service';
