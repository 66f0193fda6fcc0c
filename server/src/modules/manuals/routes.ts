import { findManual } from '@common/manuals/library';
import { manualPdfParams } from '@common/schemas/manuals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/errors';
import { manualPdf } from './pdf';

export const MANUAL_NOT_FOUND = 'Manual not found';

export const manualRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/manuals/:id/pdf',
    {
      schema: {
        tags: ['manuals'],
        summary: "A built-in manual as a PDF download, with the product's name and the manual's version",
        params: manualPdfParams,
      },
    },
    async (request, reply) => {
      const manual = findManual(request.params.id);
      if (!manual) throw notFound(MANUAL_NOT_FOUND);
      const pdf = await manualPdf(manual);
      // The library is built in and versioned: a copy stays good for a day.
      reply.header('Cache-Control', 'private, max-age=86400');
      reply.header('Content-Disposition', `attachment; filename="${manual.id}-v${manual.version}.pdf"`);
      return reply.type('application/pdf').send(pdf);
    },
  );
};
