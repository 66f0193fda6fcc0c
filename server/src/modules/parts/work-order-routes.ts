import { errorBody, recordId } from '@common/schemas/params';
import { lineQuantityBody, reservePartBody, workOrderPart } from '@common/schemas/parts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { issueToWorkOrder, listWorkOrderParts, reserveForWorkOrder, returnFromWorkOrder } from './work-order-lines';

const tags = ['parts'];
const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const orderParams = z.object({ id: recordId });
const lineParams = z.object({ id: recordId, lineId: recordId });

/** A work order's parts: reserved on the shelf, issued (taken), returned unused (issue 33). */
export const workOrderPartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/work-orders/:id/parts',
    {
      schema: {
        tags,
        summary: 'The work order’s parts: reserved, issued and their cost',
        params: orderParams,
        response: { 200: z.array(workOrderPart), 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => listWorkOrderParts(app.db, request.scope, request.params.id),
  );

  app.post(
    '/api/work-orders/:id/parts',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags,
        summary: 'Reserve a part from a store for the work order (409 naming the part and what is available if short)',
        params: orderParams,
        body: reservePartBody,
        response: { 201: workOrderPart, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reserveForWorkOrder(
            request.db,
            request.scope,
            signedInUser(request).id,
            request.params.id,
            request.body,
          ),
        ),
  );

  app.post(
    '/api/work-orders/:id/parts/:lineId/issue',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags,
        summary: 'Take the part from the shelf for the work order: its reservation first, then what is available',
        params: lineParams,
        body: lineQuantityBody,
        response: { 200: workOrderPart, ...writeErrors },
      },
    },
    async (request) =>
      issueToWorkOrder(
        request.db,
        request.scope,
        signedInUser(request).id,
        request.params.id,
        request.params.lineId,
        request.body.quantity,
      ),
  );

  app.post(
    '/api/work-orders/:id/parts/:lineId/return',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags,
        summary: 'Put unused parts back on the shelf (no more than were issued)',
        params: lineParams,
        body: lineQuantityBody,
        response: { 200: workOrderPart, ...writeErrors },
      },
    },
    async (request) =>
      returnFromWorkOrder(
        request.db,
        request.scope,
        signedInUser(request).id,
        request.params.id,
        request.params.lineId,
        request.body.quantity,
      ),
  );
};
