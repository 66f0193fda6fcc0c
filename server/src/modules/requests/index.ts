/** The work requests domain's door (issue 34): requests from anyone at a valve, and their triage. */

export { requestRoutes } from './routes';
