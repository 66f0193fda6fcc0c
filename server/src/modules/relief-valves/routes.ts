import type { FastifyPluginAsync } from 'fastify';
import type { KeptValveReads } from '../../lib/kept-reads';
import { reliefDeviceRoutes } from './device-routes';
import { reliefShopRoutes } from './shop-routes';
import { reliefTagRoutes } from './tag-routes';
import { reliefTestRoutes } from './test-routes';

/**
 * The relief valve API (docs/relief-valves.md, Endpoints): one small plugin per resource. `kept`: the dashboard's
 * summary of a whole organization is kept in memory (lib/kept-reads.ts).
 */
export const reliefValveRoutes: FastifyPluginAsync<{ kept: KeptValveReads }> = async (app, { kept }) => {
  await app.register(reliefTagRoutes);
  await app.register(reliefDeviceRoutes);
  await app.register(reliefTestRoutes);
  await app.register(reliefShopRoutes, { kept });
};
