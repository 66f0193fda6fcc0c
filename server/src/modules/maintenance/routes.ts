import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maintenanceRecord, maintenanceRecordQuery } from '@common/schemas/maintenance-records';
import { errorBody } from '@common/schemas/params';
import { assertValveExists } from '../valves/service';
import { listRecordsForValve } from './service';

export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
