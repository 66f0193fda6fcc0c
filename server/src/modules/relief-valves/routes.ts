import type { FastifyPluginAsync } from 'fastify';
import { reliefDeviceRoutes } from './device-routes';
import { reliefShopRoutes } from './shop-routes';
import { reliefTagRoutes } from './tag-routes';
import { reliefTestRoutes } from './test-routes';

/** The relief valve API (docs/relief-valves.md, Endpoints): one small plugin per resource. */
export const reliefValveRoutes: FastifyPluginAsync = async (app) => {
  await app.register(reliefTagRoutes);
  await app.register(reliefDeviceRoutes);
  await app.register(reliefTestRoutes);
  await app.register(reliefShopRoutes);
};
