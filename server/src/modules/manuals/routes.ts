import { manualPdfParams } from '@common/schemas/manuals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manualPdfFile } from './service';

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
      const { fileName, pdf } = await manualPdfFile(request.params.id);
      // The library is built in and versioned: a copy stays good for a day.
      reply.header('Cache-Control', 'private, max-age=86400');
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return reply.type('application/pdf').send(pdf);
    },
  );
};
