import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { deletionBody } from '@common/schemas/documents';
import { errorBody, idParams } from '@common/schemas/params';
import { photo, photoImageQuery, photoQuery, photoUploadFields } from '@common/schemas/photos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, invalidInput } from '../../plugins/errors';
import { signedInUser } from '../../plugins/session';
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
      const file = await photoFile(app.db, request.scope, request.params.id, request.query.size, app.config.uploadsDir);
      try {
        await access(file.filePath);
      } catch {
        request.log.warn({ file: file.filePath }, 'photo file missing from storage');
        throw new HttpError(404, 'Photo file not found');
      }
      // Stored under a generated name and never changed, so a client may keep it.
      reply.header('Cache-Control', 'private, max-age=31536000, immutable');
      reply.type(file.contentType);
      return reply.send(createReadStream(file.filePath));
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
      if (!request.isMultipart()) {
        throw new HttpError(415, 'Send the photo as multipart/form-data with the file in a field named "photo".');
      }
      const fields: Record<string, string> = {};
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 10 } })) {
          if (part.type === 'file') {
            const content = await part.toBuffer();
            if (part.fieldname === 'photo') bytes = content;
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'A photo may be at most 15 MB.');
        if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'Send one photo at a time.');
        // The loop only reads the body: what fails here is the body itself (cut off by a dropped connection,
        // malformed), never the server.
        request.log.info({ err: error }, 'unreadable multipart body');
        throw new HttpError(400, 'The upload was incomplete or malformed. Send the photo again.');
      }
      const parsed = photoUploadFields.safeParse(fields);
      if (!parsed.success) throw invalidInput('form', parsed.error);
      if (!bytes || bytes.length === 0) {
        throw new HttpError(400, 'Invalid form: photo is required', {
          issues: [{ path: 'photo', message: 'is required' }],
        });
      }
      const saved = await uploadPhoto(
        app.db,
        request.scope,
        signedInUser(request),
        parsed.data,
        bytes,
        app.config.uploadsDir,
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
      await deletePhoto(
        request.db,
        request.scope,
        signedInUser(request),
        request.params.id,
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(204).send(null);
    },
  );
};
