import { deletionBody } from '@common/schemas/documents';
import { errorBody, idParams } from '@common/schemas/params';
import { photo, photoImageQuery, photoQuery, photoUploadFields } from '@common/schemas/photos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../../lib/stored-files';
import { HttpError } from '../../plugins/errors';
import { signedInUser } from '../../plugins/session';
import { readUploadForm } from '../../plugins/upload-form';
import { deletePhoto, uploadPhoto } from './commands';
import { MAX_PHOTO_BYTES } from './processing';
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
      const { key, contentType } = await photoFile(app.db, request.scope, request.params.id, request.query.size);
      const file = await app.files.get(app.db, key);
      if (!file) {
        request.log.warn({ key }, 'photo file missing from storage');
        throw new HttpError(404, 'Photo file not found');
      }
      return sendStoredFile(reply, file, contentType);
    },
  );

  app.post(
    '/api/photos',
    {
      config: { permission: 'maintenance:record' },
      schema: {
        tags: ['photos'],
        summary: 'Upload a photo (multipart: valveId or workOrderId, optional description, then the file as "photo")',
        response: {
          201: photo,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readUploadForm(request, {
        noun: 'photo',
        fileField: 'photo',
        maxBytes: MAX_PHOTO_BYTES,
        fields: photoUploadFields,
      });
      const saved = await uploadPhoto(
        app.db,
        request.scope,
        signedInUser(request),
        fields,
        file.bytes,
        app.files,
        request.headers['user-agent'],
      );
      return reply.status(201).send(saved);
    },
  );

  app.delete(
    '/api/photos/:id',
    {
      config: { transaction: true, permission: 'maintenance:record' },
      schema: {
        tags: ['photos'],
        summary: 'Delete a wrong photo, saying why (kept in the history); the image is no longer served',
        params: idParams,
        body: deletionBody,
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      await deletePhoto(request.db, request.scope, signedInUser(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
