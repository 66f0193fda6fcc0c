import {
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_PERMISSIONS,
  importFormFields,
  importQuery,
  importReport,
} from '@common/schemas/imports';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImportTarget } from '../../lib/imports';
import { HttpError } from '../../plugins/errors';
import { signedInUser } from '../../plugins/session';
import { readUploadForm } from '../../plugins/upload-form';
import { importFile, importTemplate } from './service';

/** A file answer: bytes, typed as text for the OpenAPI document. */
const csvFile = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string' });

/**
 * `POST /api/imports/<kind>?mode=dry-run|apply` (issue 32, public contract): the domains' registers from a CSV or
 * .xlsx file. A dry run checks every row and writes nothing; apply writes every accepted row in one transaction (a
 * failure while writing writes nothing) and answers the same report. `targets` are handed over by app.ts.
 */
export const importRoutes: FastifyPluginAsyncZod<{ targets: readonly ImportTarget[] }> = async (app, { targets }) => {
  for (const target of targets) {
    app.post(
      `/api/imports/${target.kind}`,
      {
        config: { permission: IMPORT_PERMISSIONS[target.kind] },
        schema: {
          tags: ['imports'],
          summary: `Import ${target.kind} from a CSV or .xlsx file (multipart: file, optional mapping JSON of column → field); dry-run checks, apply writes`,
          querystring: importQuery,
          response: {
            200: importReport,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            413: errorBody,
            415: errorBody,
          },
        },
      },
      async (request) => {
        const { fields, file } = await readUploadForm(request, {
          noun: 'file',
          fileField: 'file',
          maxBytes: IMPORT_MAX_BYTES,
          fields: importFormFields,
        });
        return importFile(
          app.db,
          target,
          {
            scope: request.scope,
            actor: signedInUser(request),
            fileName: file.fileName,
            appOrigin: `${request.protocol}://${request.host}`,
            device: request.headers['user-agent'],
          },
          { bytes: file.bytes, fileName: file.fileName, mapping: fields.mapping },
          request.query.mode,
        );
      },
    );
  }

  for (const target of targets) {
    app.get(
      `/api/imports/${target.kind}/template`,
      {
        config: { permission: IMPORT_PERMISSIONS[target.kind] },
        schema: {
          tags: ['imports'],
          summary: `A CSV to fill in: the ${target.kind} import's columns and an example row in the organization's names`,
          response: { 200: csvFile, 401: errorBody, 403: errorBody },
        },
      },
      async (request, reply) => {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="valveops-${target.kind}-template.csv"`)
          .send(await importTemplate(app.db, target, request.scope));
      },
    );
  }

  app.post(
    '/api/imports/:kind',
    { schema: { tags: ['imports'], hide: true, params: z.object({ kind: z.string() }), response: { 404: errorBody } } },
    async (request) => {
      throw new HttpError(404, `No import of "${request.params.kind}": import one of ${IMPORT_KINDS.join(', ')}.`);
    },
  );
};
