import { Readable } from 'node:stream';
import { can } from '@common/permissions';
import { auditVerification, historyEntry, historyParams, historyQuery } from '@common/schemas/audit';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RecordKind } from '../../lib/record-kinds';
import { HttpError } from '../../plugins/errors';
import { signedInUser } from '../../plugins/session';
import { verifyAuditChain } from './chain';
import { openHistory } from './service';

/** `kinds`: the record kinds of every domain (app.ts), which say what each record's history holds. */
/** The CSV goes out as a stream of text, read in batches (however long the history). */
const csvStream = z.custom<Readable>((value) => value instanceof Readable).meta({ type: 'string' });

export const auditRoutes: FastifyPluginAsyncZod<{ kinds: readonly RecordKind[] }> = async (app, { kinds }) => {
  app.get(
    '/api/history/:entity/:id',
    {
      config: { replicaRead: true },
      schema: {
        tags: ['audit'],
        summary:
          "A record's change history (who, when, from which device, each field from what to what); ?format=csv in words, ?format=raw the stored rows (admins)",
        params: historyParams,
        querystring: historyQuery,
        response: { 200: z.union([z.array(historyEntry), csvStream]), 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { entity, id } = request.params;
      const { format, ...page } = request.query;
      // The raw log (tables, row ids, raw values) is the admins' export; everyone else reads it in words.
      if (format === 'raw' && !can(signedInUser(request).role, 'users:manage')) {
        throw new HttpError(403, 'Only an admin may export the raw audit log; the CSV export is in words.');
      }
      const history = await openHistory(request.reader, kinds, request.scope, entity, id);
      if (format === 'json') return history.page(page);
      const name = format === 'raw' ? `audit-log-${entity}-${id}.csv` : `history-${entity}-${id}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(history.csv(format === 'raw' ? 'raw' : 'words')));
    },
  );

  app.get(
    '/api/audit/verify',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['audit'],
        summary: "Checks the organization's audit chain: sealed entries in order, none deleted or changed",
        response: { 200: auditVerification, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => verifyAuditChain(app.db, request.scope.organizationId),
  );
};
