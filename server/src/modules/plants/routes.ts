import { errorBody, idParams } from '@common/schemas/params';
import {
  plant,
  plantCreateBody,
  plantUpdateBody,
  tagPatternBody,
  valveType,
  valveTypeCreateBody,
} from '@common/schemas/plants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPlant, listPlants, setTagPattern, tagPattern, updatePlant } from './service';
import { plantTreeRoutes } from './tree-routes';
import { addValveType, listValveTypes } from './valve-types';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const plantRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(plantTreeRoutes);

  app.get(
    '/api/plants',
    {
      schema: {
        tags: ['plants'],
        summary: 'The organization’s plants, retired ones too (any signed-in user)',
        response: { 200: z.array(plant), 401: errorBody },
      },
    },
    async (request) => listPlants(request.db, request.scope.organizationId),
  );

  app.post(
    '/api/plants',
    {
      config: { transaction: true, permission: 'plants:manage' },
      schema: {
        tags: ['plants'],
        summary: 'Add a plant (admins)',
        body: plantCreateBody,
        response: { 201: plant, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPlant(request.db, request.scope.organizationId, request.body)),
  );

  app.patch(
    '/api/plants/:id',
    {
      config: { transaction: true, permission: 'plants:manage' },
      schema: {
        tags: ['plants'],
        summary: 'Rename a plant, change its zone, units or code, retire it or bring it back (admins)',
        params: idParams,
        body: plantUpdateBody,
        response: { 200: plant, ...errors },
      },
    },
    async (request) => updatePlant(request.db, request.scope.organizationId, request.params.id, request.body),
  );

  app.get(
    '/api/valve-types',
    {
      schema: {
        tags: ['plants'],
        summary: 'The organization’s valve catalog: the standard types, then its own (any signed-in user)',
        response: { 200: z.array(valveType), 401: errorBody },
      },
    },
    async (request) => listValveTypes(request.db, request.scope.organizationId),
  );

  app.post(
    '/api/valve-types',
    {
      config: { transaction: true, permission: 'valve-types:add' },
      schema: {
        tags: ['plants'],
        summary: 'Add a valve type to the catalog (engineers, admins)',
        body: valveTypeCreateBody,
        response: { 201: valveType, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addValveType(request.db, request.scope.organizationId, request.body.name)),
  );

  app.get(
    '/api/organization/tag-pattern',
    {
      schema: {
        tags: ['plants'],
        summary: 'The organization’s tag convention new valves must match (null: any tag)',
        response: { 200: tagPatternBody, 401: errorBody },
      },
    },
    async (request) => ({ tagPattern: await tagPattern(request.db, request.scope.organizationId) }),
  );

  app.put(
    '/api/organization/tag-pattern',
    {
      config: { transaction: true, permission: 'plants:manage' },
      schema: {
        tags: ['plants'],
        summary: 'Set or clear the organization’s tag convention (admins)',
        body: tagPatternBody,
        response: { 200: tagPatternBody, ...errors },
      },
    },
    async (request) => setTagPattern(request.db, request.scope.organizationId, request.body.tagPattern),
  );
};
