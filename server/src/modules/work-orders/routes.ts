import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams } from '@common/schemas/params';
import { workOrderDetail, workOrderSummary } from '@common/schemas/work-orders';
import { getWorkOrder, listWorkOrders } from './service';

export const workOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/work-orders',
    { schema: { tags: ['work-orders'], summary: 'Work orders, newest first', response: { 200: z.array(workOrderSummary) } } },
    async (request) => listWorkOrders(app.db, request.scope),
  );

  app.get(
    '/api/work-orders/:id',
    {
      schema: {
        tags: ['work-orders'],
        summary: 'One work order with its valve, people and maintenance records',
        params: idParams,
        response: { 200: workOrderDetail, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => getWorkOrder(app.db, request.scope, request.params.id),
  );
};
