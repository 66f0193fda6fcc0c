import { Readable } from 'node:stream';
import { can } from '@common/permissions';
import { EXPORT_KINDS, type ExportFormat, exportFormat } from '@common/schemas/exports';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZodError, z } from 'zod';
import { csvChunks } from '../../lib/exports/csv';
import type { ExportSource } from '../../lib/exports/source';
import { xlsxStream } from '../../lib/exports/xlsx';
import { HttpError, invalidInput, notFound } from '../../plugins/errors';
import { refusedRole, signedInUser } from '../../plugins/session';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file goes out as a stream, written while the rows are read. */
const fileStream = z.custom<Readable>((value) => value instanceof Readable).meta({ type: 'string' });

/** `valveops-work-orders-2026-11-29.xlsx`: the kind and the day (UTC) it was made. */
const fileName = (kind: string, format: ExportFormat) =>
  `valveops-${kind}-${new Date().toISOString().slice(0, 10)}.${format}`;

/**
 * GET /api/exports/:kind (decisions/107): a list as CSV or xlsx with the list's filters, in the user's scope, streamed.
 * `sources`: the lists the domains let be exported (app.ts); this module reads no table itself.
 */
export const exportRoutes: FastifyPluginAsyncZod<{ sources: readonly ExportSource[] }> = async (app, { sources }) => {
  app.get(
    '/api/exports/:kind',
    {
      config: { replicaRead: true },
      schema: {
        tags: ['exports'],
        summary: `A list as a file, with its filters: ${EXPORT_KINDS.join(', ')}; ?format=csv (default) or xlsx`,
        params: z.object({ kind: z.string() }),
        querystring: z.looseObject({ format: exportFormat }),
        response: { 200: fileStream, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const source = sources.find((s) => s.kind === kind);
      if (!source) throw notFound(`No export named ${kind}: the exports are ${EXPORT_KINDS.join(', ')}`);
      const { role } = signedInUser(request);
      if (source.permission && !can(role, source.permission)) throw refusedRole(role);
      const refusal = source.refusal(request.scope);
      if (refusal) throw new HttpError(403, refusal);
      const { format, ...filters } = request.query;
      let pages: ReturnType<ExportSource['open']>;
      try {
        pages = source.open(request.reader, request.scope, filters);
      } catch (error) {
        if (error instanceof ZodError) throw invalidInput('query', error);
        throw error;
      }
      const body =
        format === 'xlsx'
          ? xlsxStream(kind, source.headers, source.widths, pages)
          : Readable.from(csvChunks(source.headers, pages));
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${fileName(kind, format)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
