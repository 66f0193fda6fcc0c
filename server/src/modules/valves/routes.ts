import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams } from '@common/schemas/params';
import { valveDetail, valveListQuery, valveLookup, valveLookupParams, valvePage, valveSummary } from '@common/schemas/valves';
import { getValve, listValvePage, listValves, lookupValve } from './service';

export const valveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/valves',
    {
      schema: {
        tags: ['valves'],
        summary: 'Valves of the organization; filters plant, type, status, text q; with limit, one page',
        querystring: valveListQuery,
        response: { 200: z.union([z.array(valveSummary), valvePage]), 400: errorBody },
      },
    },
    async (request) => {
      const { limit } = request.query;
      if (limit !== undefined) return listValvePage(app.db, request.scope, { ...request.query, limit });
      return listValves(app.db, request.scope, request.query);
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
      schema: {
        tags: ['valves'],
        summary: 'One valve with its documentation and work orders',
        params: idParams,
        response: { 200: valveDetail, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => getValve(app.db, request.scope, request.params.id),
  );
};
