import { activity, dashboardStats } from '@common/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keptOrganizationAnswer, keptWholeListOf } from '../../lib/kept-answers';
import type { KeptValveReads } from '../../lib/kept-reads';
import { dashboardFigures, recentActivities } from './service';

/**
 * The dashboard's figures and feed, which every phone opening /app reads: a whole organization's come from `kept`
 * while the database's notices say they hold (lib/kept-reads.ts).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ kept: KeptValveReads }> = async (app, { kept }) => {
  app.get(
    '/api/dashboard/stats',
    {
      config: { replicaRead: true, answeredFromMemory: keptWholeListOf(kept.dashboardStats) },
      schema: { tags: ['dashboard'], summary: 'The four dashboard figures', response: { 200: dashboardStats } },
    },
    async (request) =>
      keptOrganizationAnswer(kept.dashboardStats, request, (db) => dashboardFigures(db, request.scope)),
  );

  app.get(
    '/api/dashboard/activities',
    {
      config: { replicaRead: true, answeredFromMemory: keptWholeListOf(kept.activities) },
      schema: { tags: ['dashboard'], summary: 'Newest activity', response: { 200: z.array(activity) } },
    },
    async (request) =>
      keptOrganizationAnswer(kept.activities, request, async (db) => ({
        value: await recentActivities(db, request.scope),
      })),
  );
};
