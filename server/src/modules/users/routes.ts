import { createdUser, createUserBody, managedUser, updateUserBody } from '@common/schemas/auth';
import { errorBody, idParams } from '@common/schemas/params';
import { assignee } from '@common/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { createUser, listAssignees, listUsers, updateUser } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: 'The organization’s users',
        response: { 200: z.array(managedUser), ...errors },
      },
    },
    async (request) => listUsers(app.db, request.scope.organizationId),
  );

  app.get(
    '/api/users/assignees',
    {
      schema: {
        tags: ['users'],
        summary: 'Active users work can be assigned to (any signed-in user)',
        response: { 200: z.array(assignee), 401: errorBody },
      },
    },
    async (request) => listAssignees(app.db, request.scope.organizationId),
  );

  app.post(
    '/api/users',
    {
      config: { transaction: true, permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: 'Create a user with a password, or invite one (no password: an invitation link comes back)',
        body: createUserBody,
        response: { 201: createdUser, ...errors },
      },
    },
    async (request, reply) => {
      const origin = `${request.protocol}://${request.host}`;
      return reply
        .status(201)
        .send(await createUser(request.db, app.mail, request.scope.organizationId, request.body, origin));
    },
  );

  app.patch(
    '/api/users/:id',
    {
      config: { transaction: true, permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: 'Change role or plants, deactivate or reactivate (deactivation ends the user’s sessions)',
        params: idParams,
        body: updateUserBody,
        response: { 200: managedUser, ...errors },
      },
    },
    async (request) =>
      updateUser(request.db, request.scope.organizationId, signedInUser(request).id, request.params.id, request.body),
  );
};
