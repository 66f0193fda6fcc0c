import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams } from '@common/schemas/params';
import { photo, photoImageQuery, photoQuery } from '@common/schemas/photos';
import { notFound } from '../../plugins/errors';
import { listPhotos, photoFile } from './service';

export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/photos',
    {
      schema: {
        tags: ['photos'],
        summary: 'Photos of a valve (valveId) or of a work order (workOrderId)',
        querystring: photoQuery,
        response: { 200: z.array(photo), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => listPhotos(app.db, request.scope, request.query),
  );

  app.get(
    '/api/photos/:id/image',
    {
      schema: {
        tags: ['photos'],
        summary: 'The image bytes of a photo, full size or thumbnail',
        params: idParams,
        querystring: photoImageQuery,
      },
    },
    async (request, reply) => {
      const file = await photoFile(
        app.db,
        request.scope,
        request.params.id,
        request.query.size,
        app.config.uploadsDir,
      );
      try {
        await access(file.filePath);
      } catch {
        request.log.warn({ file: file.filePath }, 'photo file missing from storage');
        throw notFound('Photo file not found');
      }
      // Stored under a generated name and never changed, so a client may keep it.
      reply.header('Cache-Control', 'private, max-age=31536000, immutable');
      reply.type(file.contentType);
      return reply.send(createReadStream(file.filePath));
    },
  );
};
