import { sensorReadingBatch, sensorReadingBatchResult } from '@common/schemas/analytics';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ingestBatch } from './service';

/** 10,000 readings of ~130 bytes of JSON each, with room to spare. */
const BATCH_BODY_LIMIT = 4 * 1024 * 1024;

export const sensorReadingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/sensor-readings',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      config: { transaction: true, permission: 'readings:write' },
      schema: {
        tags: ['analytics'],
        summary: 'Store a batch of up to 10,000 readings; readings already stored are skipped',
        body: sensorReadingBatch,
        response: { 200: sensorReadingBatchResult, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ingestBatch(request.db, request.scope, request.body.readings),
  );
};
