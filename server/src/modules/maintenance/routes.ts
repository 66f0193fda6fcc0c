import {
  maintenanceRecord,
  maintenanceRecordCreateBody,
  maintenanceRecordQuery,
} from '@common/schemas/maintenance-records';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { assertValveExists, type Replan } from '../valves';
import { recordMaintenance } from './commands';
import { listRecordsForValve } from './service';

/** `replan`: the plans' next date for a valve whose maintenance is recorded (app.ts). */
export const maintenanceRoutes: FastifyPluginAsyncZod<{ replan: Replan }> = async (app, { replan }) => {
  app.get(
    '/api/maintenance-records',
    {
      schema: {
        tags: ['maintenance'],
        summary: "A valve's maintenance history, newest first",
        querystring: maintenanceRecordQuery,
        response: { 200: z.array(maintenanceRecord), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await assertValveExists(app.db, request.scope, request.query.valveId);
      return listRecordsForValve(app.db, request.scope.organizationId, request.query.valveId);
    },
  );

  app.post(
    '/api/maintenance-records',
    {
      config: { transaction: true, permission: 'maintenance:record' },
      schema: {
        tags: ['maintenance'],
        summary: 'Record an inspection, maintenance or a note on a valve',
        body: maintenanceRecordCreateBody,
        response: { 201: maintenanceRecord, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordMaintenance(request.db, request.scope, signedInUser(request), request.body, replan)),
  );
};
