import { sensorReadingBatch, sensorReadingBatchResult } from '@common/schemas/analytics';
import { importMapping, importMappingInput, importMappingsQuery } from '@common/schemas/import-mappings';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { ingestCsv } from './bulk';
import { listImportMappings, saveImportMapping } from './import-mappings';
import { ingestBatch } from './service';

/** 10,000 readings of ~130 bytes of JSON each, with room to spare. */
const BATCH_BODY_LIMIT = 4 * 1024 * 1024;
/** 500,000 CSV rows of ~60 bytes (tag, instant, sensor, value, quality), with room to spare. */
const BULK_BODY_LIMIT = 64 * 1024 * 1024;

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

  // Only this plugin's routes take CSV (the bulk path below).
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: BULK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/sensor-readings/bulk',
    {
      bodyLimit: BULK_BODY_LIMIT,
      config: { transaction: true, permission: 'readings:write' },
      schema: {
        tags: ['analytics'],
        summary:
          'Store a CSV file of up to 500,000 readings (text/csv: a row of column names valveId, timestamp, ' +
          'sensorType or channel and unit, value, quality; then a reading a row); readings already stored are skipped',
        consumes: ['text/csv'],
        body: z.string({ error: 'must be a CSV file (Content-Type: text/csv)' }),
        response: { 200: sensorReadingBatchResult, 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody },
      },
    },
    async (request) => ingestCsv(request.db, request.scope, request.body),
  );

  app.get(
    '/api/sensor-readings/import-mappings',
    {
      config: { permission: 'readings:write' },
      schema: {
        tags: ['analytics'],
        summary: "The CSV import's saved column mappings (of one source, or all), last saved first",
        querystring: importMappingsQuery,
        response: { 200: z.array(importMapping), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => listImportMappings(app.db, request.scope.organizationId, request.query.source),
  );

  app.put(
    '/api/sensor-readings/import-mappings',
    {
      config: { transaction: true, permission: 'readings:write' },
      schema: {
        tags: ['analytics'],
        summary: "Save how a CSV source's columns map to sensors and channels, for the next file from it",
        body: importMappingInput,
        response: { 200: importMapping, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) =>
      saveImportMapping(
        request.db,
        { organizationId: request.scope.organizationId, userId: signedInUser(request).id },
        request.body,
      ),
  );
};
