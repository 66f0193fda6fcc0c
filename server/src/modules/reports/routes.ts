import { monthlyReportQuery } from '@common/schemas/audit';
import { idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContentOf } from '../../lib/signed-content';
import { invalidField } from '../../plugins/errors';
import { signedInUser } from '../../plugins/session';
import type { CostsOf } from '../costs';
import type { CostOf } from './ledger-section';
import { monthlyReportPdf } from './monthly-report';
import { workOrderReportPdf } from './work-order-report';

/**
 * `content`: what a signature on a work order binds, so the report shows what changed since; `costOf` and `costsOf`:
 * what the ledger says a work order (or many, for the month's bad actors) cost (all from app.ts).
 */
export const reportRoutes: FastifyPluginAsyncZod<{ content: ContentOf; costOf: CostOf; costsOf: CostsOf }> = async (
  app,
  { content, costOf, costsOf },
) => {
  app.get(
    '/api/work-orders/:id/report.pdf',
    {
      config: { replicaRead: true },
      schema: {
        tags: ['reports'],
        summary:
          'A completed work order as a PDF: steps with results, readings, parts, hours and cost, photos and signatures',
        params: idParams,
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await workOrderReportPdf(
        request.reader,
        request.scope,
        request.params.id,
        app.files,
        content,
        costOf,
      );
      reply.header('Content-Disposition', `inline; filename="${fileName}"`);
      return reply.type('application/pdf').send(pdf);
    },
  );

  app.get(
    '/api/reports/monthly.pdf',
    {
      config: { replicaRead: true },
      schema: {
        tags: ['reports'],
        summary:
          'The monthly plant report (this month without ?month=): work orders, plans, relief valve tests and failures by plant',
        querystring: monthlyReportQuery,
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const now = new Date();
      const thisMonth = now.toISOString().slice(0, 7);
      const month = request.query.month ?? thisMonth;
      if (month > thisMonth) throw invalidField('month', 'must not be after this month: a report counts what happened');
      const { fileName, pdf } = await monthlyReportPdf(
        request.reader,
        request.scope,
        costsOf,
        user.organizationName,
        month,
        now,
      );
      reply.header('Content-Disposition', `inline; filename="${fileName}"`);
      return reply.type('application/pdf').send(pdf);
    },
  );
};
