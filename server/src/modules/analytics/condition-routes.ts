/**
 * Condition monitoring's endpoints (issue 19): a valve's anomaly episodes, its channels for the charts, and its
 * reference period. The reference period is the analytics engine's input, so its route lives here rather than in
 * the valves domain (which sits below analytics and knows nothing of the models), under the path the issue fixes.
 */
import {
  anomaliesQuery,
  anomalyEpisode,
  referencePeriod,
  referencePeriodInput,
  valveChannels,
} from '@common/schemas/analytics';
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { channelCharts } from './channel-charts';
import { listEpisodes } from './episodes';
import { type EpisodesStored, recomputeOrganization } from './recompute';
import { markReferencePeriod, readReferencePeriod } from './reference-period';
import { valveInScope } from './service';

export const conditionRoutes: FastifyPluginAsyncZod<{ episodesStored?: EpisodesStored }> = async (
  app,
  { episodesStored },
) => {
  app.get(
    '/api/analytics/valves/:id/anomalies',
    {
      config: { replicaRead: true },
      schema: {
        tags: ['analytics'],
        summary: "The valve's anomaly episodes overlapping from-to, oldest first (end null while one lasts)",
        params: idParams,
        querystring: anomaliesQuery,
        response: { 200: z.array(anomalyEpisode), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await valveInScope(request.reader, request.scope, request.params.id);
      return listEpisodes(request.reader, request.params.id, request.query);
    },
  );

  app.get(
    '/api/analytics/valves/:id/channels',
    {
      config: { replicaRead: true },
      schema: {
        tags: ['analytics'],
        summary: "The valve's channels with their latest rollups, in each channel's unit",
        params: idParams,
        response: { 200: valveChannels, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await valveInScope(request.reader, request.scope, request.params.id);
      return channelCharts(request.reader, request.params.id);
    },
  );

  app.get(
    '/api/valves/:id/reference-period',
    {
      schema: {
        tags: ['analytics'],
        summary: "The valve's reference (healthy) period: the one marked, or the engine's default",
        params: idParams,
        response: { 200: referencePeriod, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await valveInScope(app.db, request.scope, request.params.id);
      return readReferencePeriod(app.db, request.params.id);
    },
  );

  app.put(
    '/api/valves/:id/reference-period',
    {
      config: { permission: 'analytics:run' },
      schema: {
        tags: ['analytics'],
        summary: 'Mark the period the valve was healthy; the models learn from it (the valve is recomputed)',
        params: idParams,
        body: referencePeriodInput,
        response: { 200: referencePeriod, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const valve = await valveInScope(app.db, request.scope, request.params.id);
      const user = signedInUser(request);
      await markReferencePeriod(
        app.db,
        { organizationId: request.scope.organizationId, valveId: valve.id, userId: user.id },
        request.body,
      );
      await recomputeOrganization(app.db, request.scope.organizationId, { only: [valve.id], episodesStored });
      return readReferencePeriod(app.db, valve.id);
    },
  );
};
