import { ALL_MANUALS } from '@common/manuals/library';
import { manual, manualPdfParams } from '@common/schemas/manuals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manualPdfFile } from './service';

export const manualRoutes: FastifyPluginAsyncZod = async (app) => {
  // The built-in library as data: what the offline preload stores (it asked for this path, which did not exist)
  // and what another tool reads; the app itself ships the same library in its bundle.
  app.get(
    '/api/manuals',
    {
      schema: {
        tags: ['manuals'],
        summary: 'The built-in manual library (valve and nozzle manuals), with their sections',
        response: { 200: z.array(manual) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, max-age=86400');
      return ALL_MANUALS;
    },
  );

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
