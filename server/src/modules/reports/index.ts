/** The reports domain's door: printable PDFs of closed work and of a plant's month (docs/decisions/063). */
export { reportRoutes } from './routes';
