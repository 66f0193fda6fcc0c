import { errorBody, idParams } from '@common/schemas/params';
import {
  attachProcedureBody,
  procedureBody,
  procedureRun,
  procedureSummary,
  procedureVersion,
  stepParams,
  stepResultBody,
} from '@common/schemas/procedures';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContentOf } from '../../lib/signed-content';
import { signedInUser } from '../../plugins/session';
import { attachProcedure, createProcedure, recordStep, reviseProcedure } from './commands';
import { listProcedures, presentVersion, readCurrentVersion, readRuns, workOrderInScope } from './service';
import { stepPhotoRoute } from './step-photo-route';

const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** `content`: what a signature on a run binds, from every record kind (app.ts). */
export const procedureRoutes: FastifyPluginAsyncZod<{ content: ContentOf }> = async (app, { content }) => {
  await app.register(stepPhotoRoute, { content });
  const actor = (request: Parameters<typeof signedInUser>[0]) => ({
    user: signedInUser(request),
    device: request.headers['user-agent'],
  });

  app.get(
    '/api/procedures',
    {
      schema: {
        tags: ['procedures'],
        summary: "The organization's procedures, by name, at their current version",
        response: { 200: z.array(procedureSummary) },
      },
    },
    async (request) => listProcedures(app.db, request.scope.organizationId),
  );

  app.get(
    '/api/procedures/:id',
    {
      schema: {
        tags: ['procedures'],
        summary: "A procedure's current version with its steps",
        params: idParams,
        response: { 200: procedureVersion, 400: errorBody, 404: errorBody },
      },
    },
    async (request) =>
      presentVersion(await readCurrentVersion(app.db, request.scope.organizationId, request.params.id)),
  );

  app.post(
    '/api/procedures',
    {
      config: { transaction: true, permission: 'procedures:edit' },
      schema: {
        tags: ['procedures'],
        summary: 'Write a procedure (version 1)',
        body: procedureBody,
        response: { 201: procedureVersion, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createProcedure(request.db, actor(request), request.body)),
  );

  app.put(
    '/api/procedures/:id',
    {
      config: { transaction: true, permission: 'procedures:edit' },
      schema: {
        tags: ['procedures'],
        summary: 'Edit a procedure: makes its next version; work orders keep the version they ran',
        params: idParams,
        body: procedureBody,
        response: { 200: procedureVersion, ...writeErrors },
      },
    },
    async (request) => reviseProcedure(request.db, actor(request), request.params.id, request.body),
  );

  app.get(
    '/api/work-orders/:id/procedures',
    {
      schema: {
        tags: ['procedures'],
        summary: 'The procedures attached to a work order, with what was recorded at each step',
        params: idParams,
        response: { 200: z.array(procedureRun), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await workOrderInScope(app.db, request.scope, request.params.id);
      return readRuns(app.db, request.scope.organizationId, request.params.id);
    },
  );

  app.post(
    '/api/work-orders/:id/procedures',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags: ['procedures'],
        summary: "Attach a procedure's current version to a work order",
        params: idParams,
        body: attachProcedureBody,
        response: { 201: z.array(procedureRun), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { scope, params, body } = request;
      await attachProcedure(request.db, scope, actor(request), params.id, body.procedureId);
      return reply.status(201).send(await readRuns(request.db, scope.organizationId, params.id));
    },
  );

  app.put(
    '/api/procedure-runs/:runId/steps/:stepKey',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags: ['procedures'],
        summary: 'Record one step of a procedure run (a failed step can raise a corrective work order)',
        params: stepParams,
        body: stepResultBody,
        response: { 200: z.array(procedureRun), ...writeErrors },
      },
    },
    async (request) => {
      const { scope, params, body } = request;
      const workOrderId = await recordStep(
        request.db,
        scope,
        actor(request),
        params.runId,
        params.stepKey,
        body,
        content,
      );
      return readRuns(request.db, scope.organizationId, workOrderId);
    },
  );
};
