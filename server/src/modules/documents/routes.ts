import {
  deletionBody,
  documentFileQuery,
  documentUploadFields,
  MAX_DOCUMENT_BYTES,
  valveDocument,
} from '@common/schemas/documents';
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../../lib/stored-files';
import { HttpError } from '../../plugins/errors';
import { signedInUser } from '../../plugins/session';
import { readUploadForm } from '../../plugins/upload-form';
import { makeThumbnail } from '../photos';
import { deleteDocument, uploadDocument } from './commands';
import { opensInline } from './content';
import { documentFile, listDocuments } from './service';

const FILE_FIELD = 'file';

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/valves/:id/documents',
    {
      schema: {
        tags: ['documents'],
        summary: "A valve's documents (manuals, certificates, drawings), newest first",
        params: idParams,
        response: { 200: z.array(valveDocument), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => listDocuments(app.db, request.scope, request.params.id),
  );

  app.get(
    '/api/documents/:id/file',
    {
      schema: {
        tags: ['documents'],
        summary: 'The bytes of a document, to open in the browser or (download=1) to save',
        params: idParams,
        querystring: documentFileQuery,
      },
    },
    async (request, reply) => {
      const document = await documentFile(app.db, request.scope, request.params.id);
      const file = await app.files.get(app.db, document.key);
      if (!file) {
        request.log.warn({ key: document.key }, 'document file missing from storage');
        throw new HttpError(404, 'Document file not found');
      }
      // Issue 27, item 11: only an image opens in the browser; a PDF (its viewer may run the PDF's script) and all
      // else is saved. The file's own response may run nothing and is never sniffed into another type.
      const disposition = request.query.download !== '1' && opensInline(document.contentType) ? 'inline' : 'attachment';
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
      reply.header(
        'Content-Disposition',
        `${disposition}; filename="${document.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(document.name)}`,
      );
      return sendStoredFile(reply, file, document.contentType);
    },
  );

  app.get(
    '/api/documents/:id/thumbnail',
    {
      schema: {
        tags: ['documents'],
        summary: "A small WebP of an image document, for the list (a PDF has none: 404); the photos' recipe",
        params: idParams,
      },
    },
    async (request, reply) => {
      const document = await documentFile(app.db, request.scope, request.params.id);
      if (!document.contentType.startsWith('image/')) throw new HttpError(404, 'This document is not an image');
      const bytes = await app.files.read(app.db, document.key);
      if (!bytes) {
        request.log.warn({ key: document.key }, 'document file missing from storage');
        throw new HttpError(404, 'Document file not found');
      }
      reply.header('X-Content-Type-Options', 'nosniff');
      // Made on request from a file that never changes: the browser keeps it instead of asking again.
      reply.header('Cache-Control', 'private, max-age=31536000, immutable');
      return reply.type('image/webp').send(await makeThumbnail(bytes));
    },
  );

  // Like a photo, an upload is read before its transaction opens: a slow link must not hold the database.
  app.post(
    '/api/valves/:id/documents',
    {
      config: { permission: 'maintenance:record' },
      schema: {
        tags: ['documents'],
        summary: `Upload a document (multipart: kind, optional name, then the file as "${FILE_FIELD}"; PDF or image)`,
        params: idParams,
        response: {
          201: valveDocument,
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
        noun: 'document',
        fileField: FILE_FIELD,
        maxBytes: MAX_DOCUMENT_BYTES,
        fields: documentUploadFields,
      });
      const saved = await uploadDocument(
        app.db,
        request.scope,
        signedInUser(request),
        {
          valveId: request.params.id,
          kind: fields.kind,
          name: fields.name,
          fileName: file.fileName,
          bytes: file.bytes,
          device: request.headers['user-agent'],
        },
        app.files,
      );
      return reply.status(201).send(saved);
    },
  );

  app.delete(
    '/api/documents/:id',
    {
      config: { transaction: true, permission: 'maintenance:record' },
      schema: {
        tags: ['documents'],
        summary: 'Delete a document, saying why (kept in the valve history); the file is no longer served',
        params: idParams,
        body: deletionBody,
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      await deleteDocument(request.db, request.scope, signedInUser(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
