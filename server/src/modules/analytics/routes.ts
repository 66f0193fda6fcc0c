import {
  dashboardSensorReading,
  dashboardSensorReadingsQuery,
  dashboardSummary,
  performanceMetrics,
  predictiveAnalytics,
  valveAnalytics,
} from '@common/schemas/analytics';
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keptWholeListOf } from '../../lib/kept-answers';
import type { KeptValveReads } from '../../lib/kept-reads';
import { conditionRoutes } from './condition-routes';
import type { EpisodesStored } from './recompute';
import { analyseValve } from './run';
import {
  dashboardReadings,
  dashboardSummaryToKeep,
  listPerformance,
  listPredictive,
  valveAnalytics as oneValve,
  dashboardSummary as summary,
} from './service';

/** A whole organization's dashboard comes from `kept` while the database's notices say it holds (lib/kept-reads.ts). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ kept: KeptValveReads; episodesStored?: EpisodesStored }> = async (
  app,
  { kept, episodesStored },
) => {
  await app.register(conditionRoutes, { episodesStored });

  app.get(
    '/api/analytics/dashboard',
    {
      config: { answeredFromMemory: keptWholeListOf(kept.dashboards) },
      schema: {
        tags: ['analytics'],
        summary: 'Fleet summary: health, predicted failures, cost savings, risk counts, upcoming maintenance',
        response: { 200: dashboardSummary },
      },
    },
    async (request, reply) => {
      const { scope } = request;
      if (scope.plants) return summary(app.db, scope);
      return reply.sendJson(
        await kept.dashboards.answer(scope.organizationId, () => dashboardSummaryToKeep(app.db, scope)),
      );
    },
  );

  app.get(
    '/api/analytics/sensor-readings',
    {
      config: { replicaRead: true },
      schema: {
        tags: ['analytics'],
        summary: 'The latest readings of one valve (the given one, or the riskiest with readings), oldest first',
        querystring: dashboardSensorReadingsQuery,
        response: { 200: z.array(dashboardSensorReading), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => dashboardReadings(request.reader, request.scope, request.query),
  );

  app.get(
    '/api/analytics/predictive',
    {
      config: { replicaRead: true },
      schema: {
        tags: ['analytics'],
        summary: 'The latest assessment of every valve',
        response: { 200: z.array(predictiveAnalytics) },
      },
    },
    async (request) => listPredictive(request.reader, request.scope),
  );

  app.get(
    '/api/analytics/performance-metrics',
    {
      config: { replicaRead: true },
      schema: {
        tags: ['analytics'],
        summary: 'Availability, reliability, MTBF, MTTR, operating hours and cycles of every valve, most at risk first',
        response: { 200: z.array(performanceMetrics) },
      },
    },
    async (request) => listPerformance(request.reader, request.scope),
  );

  app.get(
    '/api/analytics/valves/:id',
    {
      config: { replicaRead: true },
      schema: {
        tags: ['analytics'],
        summary: "One valve's assessment, performance metrics and latest readings",
        params: idParams,
        response: { 200: valveAnalytics, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => oneValve(request.reader, request.scope, request.params.id),
  );

  app.post(
    '/api/analytics/predictive/:id',
    {
      config: { transaction: true, permission: 'analytics:run' },
      schema: {
        tags: ['analytics'],
        summary: 'Run the engine on one valve now, store and return its analytics',
        params: idParams,
        response: { 200: valveAnalytics, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => analyseValve(request.db, request.scope, request.params.id, episodesStored),
  );
};
