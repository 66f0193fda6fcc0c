import { forecast, forecastQuery, plan, planCreateBody, planUpdateBody } from '@common/schemas/maintenance-plans';
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { createPlan, deletePlan, updatePlan } from './commands';
import { forecastPlans } from './forecast';
import { listPlans, readPlan } from './service';

const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['maintenance-plans'];

export const maintenancePlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/maintenance-plans',
    { schema: { tags, summary: 'Preventive plans, by title', response: { 200: z.array(plan) } } },
    async (request) => listPlans(app.db, request.scope),
  );

  app.get(
    '/api/maintenance-plans/forecast',
    {
      schema: {
        tags,
        summary:
          'This month and the coming ones of the active plans, day by day (meter plans estimated), done work with its work order',
        querystring: forecastQuery,
        response: { 200: forecast, 400: errorBody },
      },
    },
    async (request) => forecastPlans(app.db, request.scope, request.query),
  );

  app.get(
    '/api/maintenance-plans/:id',
    {
      schema: { tags, summary: 'One plan', params: idParams, response: { 200: plan, 400: errorBody, 404: errorBody } },
    },
    async (request) => readPlan(app.db, request.scope, request.params.id),
  );

  app.post(
    '/api/maintenance-plans',
    {
      config: { transaction: true, permission: 'plans:edit' },
      schema: {
        tags,
        summary: 'Add a plan; what it makes due now is raised at once',
        body: planCreateBody,
        response: { 201: plan, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPlan(request.db, request.scope, signedInUser(request), request.body)),
  );

  app.patch(
    '/api/maintenance-plans/:id',
    {
      config: { transaction: true, permission: 'plans:edit' },
      schema: {
        tags,
        summary: 'Change a plan (send its version)',
        params: idParams,
        body: planUpdateBody,
        response: { 200: plan, ...writeErrors },
      },
    },
    async (request) => updatePlan(request.db, request.scope, request.params.id, request.body),
  );

  app.delete(
    '/api/maintenance-plans/:id',
    {
      config: { transaction: true, permission: 'plans:edit' },
      schema: {
        tags,
        summary: 'Remove a plan (its work orders stay)',
        params: idParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deletePlan(request.db, request.scope, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
