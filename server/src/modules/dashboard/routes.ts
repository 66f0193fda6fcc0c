import { activity, dashboardStats } from '@common/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardStats as computeStats, recentActivities } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/stats',
    {
      config: { replicaRead: true },
      schema: { tags: ['dashboard'], summary: 'The four dashboard figures', response: { 200: dashboardStats } },
    },
    async (request) => computeStats(request.reader, request.scope),
  );

  app.get(
    '/api/dashboard/activities',
    {
      config: { replicaRead: true },
      schema: { tags: ['dashboard'], summary: 'Newest activity', response: { 200: z.array(activity) } },
    },
    async (request) => recentActivities(request.reader, request.scope),
  );
};
