/** The emergencies domain's door (issue 17 item 3). */
export { emergencyRoutes } from './routes';
export { clearEmergency, raiseEmergency } from './service';
