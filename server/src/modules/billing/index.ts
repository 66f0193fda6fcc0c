/** The billing domain's door: what the app and other domains may use of it (docs/decisions/008). */

export { seedDemoPlan } from './demo';
export { cancellationRetryJob } from './jobs';
export { assertApiAccess, assertRoomForPlant, assertRoomForValve } from './limits';
export { billingRoutes } from './routes';
