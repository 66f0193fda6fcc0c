import { errorBody, idParams } from '@common/schemas/params';
import {
  decommissionBody,
  type ValveListQuery,
  type ValvePage,
  valveCreateBody,
  valveDetail,
  valveListQuery,
  valveLookup,
  valveLookupParams,
  valvePage,
  valveSummary,
  valveUpdateBody,
} from '@common/schemas/valves';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JsonText } from '../../db/json';
import { headLimit, keptDetailOf, keptListOf } from '../../lib/kept-answers';
import type { KeptValveReads } from '../../lib/kept-reads';
import { signedInUser } from '../../plugins/session';
import { checkPlantName, checkValveType } from '../plants';
import { createValve, decommissionValve, updateValve } from './commands';
import { makerRoutes } from './maker-routes';
import {
  checkNominalFilters,
  isUnfiltered,
  listValvePage,
  listValves,
  lookupValve,
  readValveDetail,
  readValveList,
} from './service';

const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Details and the whole list come from `kept` while the database's notices say they hold (lib/kept-reads.ts). */
export const valveRoutes: FastifyPluginAsyncZod<{ kept: KeptValveReads }> = async (app, { kept }) => {
  await app.register(makerRoutes);
  /**
   * A filter naming a plant or type the organization does not have is a 400 listing what it has. Checked only when
   * nothing was found, so the list, read most, costs no extra query.
   */
  const checkFilterNames = async (organizationId: number, query: ValveListQuery) => {
    await checkNominalFilters(app.db, query);
    if (query.plant) await checkPlantName(app.db, organizationId, query.plant, { where: 'query', active: false });
    if (query.type) await checkValveType(app.db, organizationId, query.type, { where: 'query' });
  };

  app.get(
    '/api/valves',
    {
      config: {
        answeredFromMemory: keptListOf(kept.valveLists, kept.valveHeads),
      },
      schema: {
        tags: ['valves'],
        summary:
          'Valves of the organization; filters plant, area, system, type, status, text q, minSize, minRating; with limit, one page',
        querystring: valveListQuery,
        response: { 200: z.union([z.array(valveSummary), valvePage]), 400: errorBody },
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      const head = headLimit(request.query, request.scope);
      if (head !== null) {
        // The first page of the whole list, kept as text and answered as the object it was (the same bytes).
        const { organizationId } = request.scope;
        const text = await kept.valveHeads.answer(organizationId, head, async () => ({
          json: JSON.stringify(await listValvePage(app.db, request.scope, { limit: head })) as JsonText<ValvePage>,
        }));
        return JSON.parse(text) as ValvePage;
      }
      if (limit !== undefined) {
        const page = await listValvePage(app.db, request.scope, { ...request.query, limit });
        if (!page.items.length) await checkFilterNames(request.scope.organizationId, request.query);
        return page;
      }
      if (isUnfiltered(request.scope, request.query)) {
        const { organizationId } = request.scope;
        return reply.sendJson(
          await kept.valveLists.answer(organizationId, () => readValveList(app.db, organizationId)),
        );
      }
      const found = await listValves(app.db, request.scope, request.query);
      if (!found.length) await checkFilterNames(request.scope.organizationId, request.query);
      return found;
    },
  );

  app.get(
    '/api/valves/valve-id/:valveId',
    {
      schema: {
        tags: ['valves'],
        summary: 'Look a valve up by its tag (V-001-BV), as the scanner does',
        params: valveLookupParams,
        response: { 200: valveLookup, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => lookupValve(app.db, request.scope, request.params.valveId),
  );

  app.get(
    '/api/valves/:id',
    {
      config: { answeredFromMemory: keptDetailOf(kept.details) },
      schema: {
        tags: ['valves'],
        summary: 'One valve with its documentation and work orders',
        params: idParams,
        response: { 200: valveDetail, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return reply.sendJson(
        await kept.details.answer(id, request.scope, () => readValveDetail(app.db, request.scope, id)),
      );
    },
  );

  app.post(
    '/api/valves',
    {
      config: { transaction: true, permission: 'valves:edit' },
      schema: {
        tags: ['valves'],
        summary: 'Add a valve',
        body: valveCreateBody,
        response: { 201: valveDetail, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).sendJson(await createValve(request.db, request.scope, signedInUser(request), request.body)),
  );

  app.patch(
    '/api/valves/:id',
    {
      config: { transaction: true, permission: 'valves:edit' },
      schema: {
        tags: ['valves'],
        summary: 'Edit a valve (send its version; a stale one is 409 with the current valve)',
        params: idParams,
        body: valveUpdateBody,
        response: { 200: valveDetail, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.sendJson(
        await updateValve(request.db, request.scope, signedInUser(request), request.params.id, request.body),
      ),
  );

  app.post(
    '/api/valves/:id/decommission',
    {
      config: { transaction: true, permission: 'valves:edit' },
      schema: {
        tags: ['valves'],
        summary: 'Take a valve out of service for good (refused while it has open work orders)',
        params: idParams,
        body: decommissionBody,
        response: { 200: valveDetail, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.sendJson(
        await decommissionValve(request.db, request.scope, signedInUser(request), request.params.id, request.body),
      ),
  );
};
