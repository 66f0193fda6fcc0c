/**
 * The exports domain's door (decisions/107): GET /api/exports/:kind. The lists come from the domains that own them,
 * handed over by app.ts as export sources (lib/exports/source.ts); the files are written by lib/exports/.
 */
export { exportRoutes } from './routes';
