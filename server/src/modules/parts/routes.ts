import { errorBody, idParams } from '@common/schemas/params';
import {
  adjustmentBody,
  createPartBody,
  createStoreBody,
  movement,
  part,
  partListQuery,
  receiptBody,
  store,
  updatePartBody,
  updateStoreBody,
} from '@common/schemas/parts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { createPart, updatePart } from './catalog';
import { adjustStock, receiveParts } from './receipts';
import { listMovements, listParts, readPart, reorderList } from './service';
import { createStore, listStores, updateStore } from './stores';

const tags = ['parts'];
const readErrors = { 400: errorBody, 401: errorBody, 404: errorBody };
const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Stores and the parts catalog with its stock, receipts and counts (issue 33; docs/decisions/110). */
export const partRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stores',
    {
      schema: {
        tags,
        summary: 'The stores you may see, by plant, with who orders for each',
        response: { 200: z.array(store), ...readErrors },
      },
    },
    async (request) => listStores(app.db, request.scope),
  );

  app.post(
    '/api/stores',
    {
      config: { transaction: true, permission: 'parts:manage' },
      schema: {
        tags,
        summary: 'Add a store at a plant',
        body: createStoreBody,
        response: { 201: store, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createStore(request.db, request.scope, request.body)),
  );

  app.patch(
    '/api/stores/:id',
    {
      config: { transaction: true, permission: 'parts:manage' },
      schema: {
        tags,
        summary: 'Rename a store, or name who orders for it (null: the parts managers of its plant)',
        params: idParams,
        body: updateStoreBody,
        response: { 200: store, ...writeErrors },
      },
    },
    async (request) => updateStore(request.db, request.scope, request.params.id, request.body),
  );

  app.get(
    '/api/parts',
    {
      schema: {
        tags,
        summary: 'The parts catalog with stock in the stores you may see; search, by store, by model, under minimum',
        querystring: partListQuery,
        response: { 200: z.array(part), ...readErrors },
      },
    },
    async (request) => listParts(app.db, request.scope, request.query),
  );

  app.post(
    '/api/parts',
    {
      config: { transaction: true, permission: 'parts:manage' },
      schema: {
        tags,
        summary: 'Add a part to the catalog',
        body: createPartBody,
        response: { 201: part, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPart(request.db, request.scope, request.body)),
  );

  app.get(
    '/api/parts/reorder',
    {
      schema: {
        tags,
        summary: 'The reorder list: parts whose available stock is under their minimum',
        response: { 200: z.array(part), ...readErrors },
      },
    },
    async (request) => reorderList(app.db, request.scope),
  );

  app.get(
    '/api/parts/:id',
    { schema: { tags, summary: 'One part and its stock', params: idParams, response: { 200: part, ...readErrors } } },
    async (request) => readPart(app.db, request.scope, request.params.id),
  );

  app.patch(
    '/api/parts/:id',
    {
      config: { transaction: true, permission: 'parts:manage' },
      schema: {
        tags,
        summary: 'Change a part’s fields or bins, on the version you read',
        params: idParams,
        body: updatePartBody,
        response: { 200: part, ...writeErrors },
      },
    },
    async (request) => updatePart(request.db, request.scope, request.params.id, request.body),
  );

  app.post(
    '/api/parts/:id/receipts',
    {
      config: { transaction: true, permission: 'parts:manage' },
      schema: {
        tags,
        summary: 'Receive a delivery of the part into a store',
        params: idParams,
        body: receiptBody,
        response: { 201: part, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await receiveParts(request.db, request.scope, signedInUser(request).id, request.params.id, request.body)),
  );

  app.post(
    '/api/parts/:id/adjustments',
    {
      config: { transaction: true, permission: 'parts:manage' },
      schema: {
        tags,
        summary: 'Correct a store’s count of the part, with the reason; signed by you',
        params: idParams,
        body: adjustmentBody,
        response: { 201: part, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await adjustStock(request.db, request.scope, signedInUser(request).id, request.params.id, request.body)),
  );

  app.get(
    '/api/parts/:id/movements',
    {
      schema: {
        tags,
        summary: 'The part’s ledger in the stores you may see, newest first',
        params: idParams,
        response: { 200: z.array(movement), ...readErrors },
      },
    },
    async (request) => listMovements(app.db, request.scope, request.params.id),
  );
};
