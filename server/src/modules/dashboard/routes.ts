import { activity, dashboardStats } from '@common/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JsonText } from '../../db/json';
import { type KeptValveReads, keptWholeListOf } from '../../lib/kept-reads';
import { dashboardStats as computeStats, dashboardFigures, recentActivities } from './service';

/**
 * The dashboard's figures and feed. A whole organization's come from `kept` while the database's notices say they
 * hold (lib/kept-reads.ts): every phone opening /app reads both. A kept copy is filled from the primary, whose notices
 * govern it; without notices (nothing kept) they read the replica as before. A kept answer is handed back as the
 * object it was, so the reply's bytes are the serializer's as before.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ kept: KeptValveReads }> = async (app, { kept }) => {
  app.get(
    '/api/dashboard/stats',
    {
      config: { replicaRead: true, answeredFromMemory: keptWholeListOf(kept.dashboardStats) },
      schema: { tags: ['dashboard'], summary: 'The four dashboard figures', response: { 200: dashboardStats } },
    },
    async (request) => {
      const { scope } = request;
      if (scope.plants) return computeStats(request.reader, scope);
      const text = await kept.dashboardStats.answer(scope.organizationId, async () => {
        const { stats, nextDueMs } = await dashboardFigures(
          kept.dashboardStats.keeping ? app.db : request.reader,
          scope,
        );
        return { json: JSON.stringify(stats) as JsonText<typeof stats>, nextDueMs };
      });
      return JSON.parse(text);
    },
  );

  app.get(
    '/api/dashboard/activities',
    {
      config: { replicaRead: true, answeredFromMemory: keptWholeListOf(kept.activities) },
      schema: { tags: ['dashboard'], summary: 'Newest activity', response: { 200: z.array(activity) } },
    },
    async (request) => {
      const { scope } = request;
      if (scope.plants) return recentActivities(request.reader, scope);
      const text = await kept.activities.answer(scope.organizationId, async () => {
        const feed = await recentActivities(kept.activities.keeping ? app.db : request.reader, scope);
        return { json: JSON.stringify(feed) as JsonText<typeof feed> };
      });
      return JSON.parse(text);
    },
  );
};
