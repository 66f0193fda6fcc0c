/** The emergencies domain's door (issue 17 item 3). */
export { emergencyRoutes } from './routes';
export { raiseEmergency } from './service';
