import { errorBody, idParams } from '@common/schemas/params';
import {
  areaBody,
  plantAreaNode,
  plantSystemNode,
  plantTree as plantTreeSchema,
  systemCreateBody,
  systemUpdateBody,
} from '@common/schemas/plant-tree';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addArea, addSystem, changeSystem, plantTree, removeArea, removeSystem, renameArea } from './tree';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
/** Who edits valves edits where they sit: the tree is the valves' places. */
const edit = { transaction: true, permission: 'valves:edit' } as const;

/** A plant's tree (issue 30): read by anyone, kept by engineers and admins. */
export const plantTreeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/plants/:id/tree',
    {
      schema: {
        tags: ['plants'],
        summary: 'The plant’s areas and systems with how many valves each holds (any signed-in user)',
        params: idParams,
        response: { 200: plantTreeSchema, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => plantTree(request.db, request.scope.organizationId, request.params.id),
  );

  app.post(
    '/api/plants/:id/areas',
    {
      config: edit,
      schema: {
        tags: ['plants'],
        summary: 'Add a unit or area to the plant (engineers, admins)',
        params: idParams,
        body: areaBody,
        response: { 201: plantAreaNode, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addArea(request.db, request.scope.organizationId, request.params.id, request.body.name)),
  );

  app.patch(
    '/api/plant-areas/:id',
    {
      config: edit,
      schema: {
        tags: ['plants'],
        summary: 'Rename an area; its systems and valves follow (engineers, admins)',
        params: idParams,
        body: areaBody,
        response: { 200: plantAreaNode, ...errors },
      },
    },
    async (request) => renameArea(request.db, request.scope.organizationId, request.params.id, request.body.name),
  );

  app.delete(
    '/api/plant-areas/:id',
    {
      config: edit,
      schema: {
        tags: ['plants'],
        summary: 'Remove an area that holds no valves, with its empty systems (engineers, admins)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeArea(request.db, request.scope.organizationId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/plant-areas/:id/systems',
    {
      config: edit,
      schema: {
        tags: ['plants'],
        summary: 'Add a system to an area (engineers, admins)',
        params: idParams,
        body: systemCreateBody,
        response: { 201: plantSystemNode, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addSystem(request.db, request.scope.organizationId, request.params.id, request.body.name)),
  );

  app.patch(
    '/api/plant-systems/:id',
    {
      config: edit,
      schema: {
        tags: ['plants'],
        summary: 'Rename a system or move it to another area of its plant; its valves follow (engineers, admins)',
        params: idParams,
        body: systemUpdateBody,
        response: { 200: plantSystemNode, ...errors },
      },
    },
    async (request) => changeSystem(request.db, request.scope.organizationId, request.params.id, request.body),
  );

  app.delete(
    '/api/plant-systems/:id',
    {
      config: edit,
      schema: {
        tags: ['plants'],
        summary: 'Remove a system that holds no valves (engineers, admins)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSystem(request.db, request.scope.organizationId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
