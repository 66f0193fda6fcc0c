import { errorBody, idParams } from '@common/schemas/params';
import {
  noteBody,
  statusChangeBody,
  type WorkOrderDetail,
  workOrderCancelBody,
  workOrderCreateBody,
  workOrderDetail,
  workOrderListQuery,
  workOrderReviewBody,
  workOrderSignOff,
  workOrderSummary,
  workOrderUpdateBody,
} from '@common/schemas/work-orders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JsonText } from '../../db/json';
import { headLimit, keptDetailOf, keptListOf } from '../../lib/kept-answers';
import type { KeptValveReads } from '../../lib/kept-reads';
import type { Signing } from '../../lib/signed-content';
import { signedInUser } from '../../plugins/session';
import type { Replan } from '../valves';
import {
  addWorkOrderNote,
  cancelWorkOrder,
  changeWorkOrderStatus,
  createWorkOrder,
  type RecordFailure,
  type ReleaseParts,
  updateWorkOrder,
} from './commands';
import { type WorkOrderCostOf, withCost } from './cost';
import { reviewWorkOrder } from './review';
import { listWorkOrdersJson, readWorkOrderDetailToKeep, readWorkOrderList, readWorkOrders, signOffOf } from './service';

const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * An organization's whole list and each detail come from `kept` while the database's notices say they hold
 * (lib/kept-reads.ts). `signing`: whether records on a work order (a procedure's run) ask for a signature at a step
 * of it, and what a signature on it binds, from every record kind; `replan`: the plans' next date for a valve whose
 * work is completed; `costOf`: what the ledger says the work order cost; `releaseParts`: the parts still held for
 * work that is over go back to the shelf; `recordFailure`: a completion's failure report and downtime (all from
 * app.ts).
 */
export const workOrderRoutes: FastifyPluginAsyncZod<{
  kept: KeptValveReads;
  signing: Signing;
  replan: Replan;
  costOf: WorkOrderCostOf;
  releaseParts: ReleaseParts;
  recordFailure: RecordFailure;
}> = async (app, { kept, signing, replan, costOf, releaseParts, recordFailure }) => {
  /** A write's answer as a read would give it: the detail with its cost. */
  const costed = async (request: FastifyRequest, json: JsonText<WorkOrderDetail>) => {
    const { id } = JSON.parse(json) as { id: number };
    return withCost({ json }, await costOf(request.db, request.scope, id)).json;
  };

  app.get(
    '/api/work-orders',
    {
      config: {
        answeredFromMemory: keptListOf(kept.workOrderLists, kept.workOrderHeads),
      },
      schema: {
        tags: ['work-orders'],
        summary: 'Work orders, newest first; with limit, only the newest that many',
        querystring: workOrderListQuery,
        response: { 200: z.array(workOrderSummary), 400: errorBody },
      },
    },
    async (request, reply) => {
      const { scope } = request;
      const { limit } = request.query;
      const head = headLimit(request.query, scope);
      const json =
        limit === undefined && !scope.plants
          ? await kept.workOrderLists.answer(scope.organizationId, () =>
              readWorkOrderList(app.db, scope.organizationId),
            )
          : head !== null
            ? await kept.workOrderHeads.answer(scope.organizationId, head, () => readWorkOrders(app.db, scope, head))
            : await listWorkOrdersJson(app.db, scope, limit);
      return reply.sendJson(json);
    },
  );

  app.get(
    '/api/work-orders/:id',
    {
      config: { answeredFromMemory: keptDetailOf(kept.workOrderDetails) },
      schema: {
        tags: ['work-orders'],
        summary: 'One work order with its valve, people, maintenance records and cost',
        params: idParams,
        response: { 200: workOrderDetail, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { scope, params } = request;
      return reply.sendJson(
        await kept.workOrderDetails.answer(params.id, scope, async () =>
          withCost(await readWorkOrderDetailToKeep(app.db, scope, params.id), await costOf(app.db, scope, params.id)),
        ),
      );
    },
  );

  app.get(
    '/api/work-orders/:id/sign-off',
    {
      schema: {
        tags: ['work-orders'],
        summary: 'Which steps (complete, approve, close) of this work order need a signature, so forms say so',
        params: idParams,
        response: { 200: workOrderSignOff, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => signOffOf(app.db, request.scope, request.params.id, signing.asks),
  );

  app.post(
    '/api/work-orders',
    {
      config: { transaction: true, permission: 'work-orders:create' },
      schema: {
        tags: ['work-orders'],
        summary: 'Raise a work order on a valve; it gets the next WO-<year>-<sequence>',
        body: workOrderCreateBody,
        response: { 201: workOrderDetail, ...writeErrors },
      },
    },
    async (request, reply) => {
      // A new order has nothing on its ledger, so its cost is known before it is raised: read then, not while the
      // year's number is held (numbering.ts: concurrent creations wait for that row until this one commits).
      const cost = await costOf(request.db, request.scope, null);
      const json = await createWorkOrder(request.db, request.scope, signedInUser(request), request.body);
      return reply.status(201).sendJson(withCost({ json }, cost).json);
    },
  );

  app.patch(
    '/api/work-orders/:id',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags: ['work-orders'],
        summary:
          'Edit title, description, priority, due date or assignee (send its version); a signed order only with a signed amendment',
        params: idParams,
        body: workOrderUpdateBody,
        response: { 200: workOrderDetail, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.sendJson(
        await costed(
          request,
          await updateWorkOrder(
            request.db,
            request.scope,
            signedInUser(request),
            request.params.id,
            request.body,
            signing,
            request.headers['user-agent'],
          ),
        ),
      ),
  );

  app.post(
    '/api/work-orders/:id/status',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags: ['work-orders'],
        summary: 'Start, pause, complete (with findings and actions) or reopen; illegal steps are 409',
        params: idParams,
        body: statusChangeBody,
        response: { 200: workOrderDetail, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.sendJson(
        await costed(
          request,
          await changeWorkOrderStatus(
            request.db,
            request.scope,
            signedInUser(request),
            request.params.id,
            request.body,
            { signing, replan, releaseParts, recordFailure },
            request.headers['user-agent'],
          ),
        ),
      ),
  );

  for (const stage of ['approve', 'close'] as const) {
    app.post(
      `/api/work-orders/:id/${stage}`,
      {
        config: { transaction: true, permission: 'records:approve' },
        schema: {
          tags: ['work-orders'],
          summary:
            stage === 'approve'
              ? 'Approve (review) a completed work order, signed when the rules ask; 409 unless completed'
              : 'Close an approved work order, signed when the rules ask; 409 unless approved',
          params: idParams,
          body: workOrderReviewBody,
          response: { 200: workOrderDetail, ...writeErrors },
        },
      },
      async (request, reply) =>
        reply.sendJson(
          await costed(
            request,
            await reviewWorkOrder(
              request.db,
              request.scope,
              signedInUser(request),
              request.params.id,
              stage,
              request.body,
              signing,
              request.headers['user-agent'],
            ),
          ),
        ),
    );
  }

  app.post(
    '/api/work-orders/:id/cancel',
    {
      config: { transaction: true, permission: 'work-orders:cancel' },
      schema: {
        tags: ['work-orders'],
        summary: 'Cancel open work (a duplicate, no longer needed) with a reason; completed or cancelled is 409',
        params: idParams,
        body: workOrderCancelBody,
        response: { 200: workOrderDetail, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.sendJson(
        await costed(
          request,
          await cancelWorkOrder(
            request.db,
            request.scope,
            signedInUser(request),
            request.params.id,
            request.body,
            releaseParts,
          ),
        ),
      ),
  );

  app.post(
    '/api/work-orders/:id/notes',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags: ['work-orders'],
        summary: 'Add a note (kept as a maintenance record of type note)',
        params: idParams,
        body: noteBody,
        response: { 201: workOrderDetail, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .sendJson(
          await costed(
            request,
            await addWorkOrderNote(
              request.db,
              request.scope,
              signedInUser(request),
              request.params.id,
              request.body.text,
            ),
          ),
        ),
  );
};
