import {
  contractorCost,
  contractorCostBody,
  laborEntry,
  laborEntryBody,
  laborRate,
  laborRateBody,
  laborTimerBody,
} from '@common/schemas/labor';
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { assertWorkOrderExists } from '../work-orders';
import { addContractorCost, addLaborRate, logLabor, startTimer, stopTimer } from './commands';
import { contractorCostsOf, laborOfWorkOrder, listLaborRates } from './service';

const tags = ['labor'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const write = { transaction: true, permission: 'work-orders:work' } as const;

/**
 * Hours on work orders (logged or timed), the rates that cost them and contractors' invoices (issue 33,
 * docs/decisions/111). Whoever works a work order logs their own hours; supervisors and admins log a crew's.
 */
export const laborRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/work-orders/:id/labor',
    {
      schema: {
        tags,
        summary: 'The hours logged on a work order, with their rates and cost; running timers included',
        params: idParams,
        response: { 200: z.array(laborEntry), ...errors },
      },
    },
    async (request) => {
      await assertWorkOrderExists(app.db, request.scope, request.params.id);
      return laborOfWorkOrder(app.db, request.scope.organizationId, request.params.id);
    },
  );

  app.post(
    '/api/work-orders/:id/labor',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Log hours on a work order: minutes (on a day), or startedAt and endedAt; your own or, for a supervisor, a colleague’s',
        params: idParams,
        body: laborEntryBody,
        response: { 201: laborEntry, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await logLabor(request.db, request.scope, signedInUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/work-orders/:id/labor/timer',
    {
      config: write,
      schema: {
        tags,
        summary: 'Start a timer on a work order (one running timer per person)',
        params: idParams,
        body: laborTimerBody,
        response: { 201: laborEntry, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await startTimer(request.db, request.scope, signedInUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/work-orders/:id/labor/timer/stop',
    {
      config: write,
      schema: {
        tags,
        summary: 'Stop the running timer on a work order: the time since it started becomes the entry’s minutes',
        params: idParams,
        body: laborTimerBody,
        response: { 200: laborEntry, ...errors },
      },
    },
    async (request) => stopTimer(request.db, request.scope, signedInUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/work-orders/:id/contractor-costs',
    {
      schema: {
        tags,
        summary: 'Contractors’ invoices against a work order',
        params: idParams,
        response: { 200: z.array(contractorCost), ...errors },
      },
    },
    async (request) => {
      await assertWorkOrderExists(app.db, request.scope, request.params.id);
      return contractorCostsOf(app.db, request.scope.organizationId, request.params.id);
    },
  );

  app.post(
    '/api/work-orders/:id/contractor-costs',
    {
      config: { transaction: true, permission: 'work-orders:assign' },
      schema: {
        tags,
        summary: 'Add a contractor’s invoice (supplier, invoice number, amount) to a work order',
        params: idParams,
        body: contractorCostBody,
        response: { 201: contractorCost, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addContractorCost(request.db, request.scope, signedInUser(request), request.params.id, request.body),
        ),
  );

  app.get(
    '/api/labor-rates',
    {
      config: { permission: 'labor:rates' },
      schema: {
        tags,
        summary: 'Hourly rates per person and per role, each from a day on',
        response: { 200: z.array(laborRate), ...errors },
      },
    },
    async (request) => listLaborRates(app.db, request.scope.organizationId),
  );

  app.post(
    '/api/labor-rates',
    {
      config: { transaction: true, permission: 'labor:rates' },
      schema: {
        tags,
        summary: 'Add an hourly rate for a person or a role from a day on (earlier work keeps the rate of its day)',
        body: laborRateBody,
        response: { 201: laborRate, ...errors },
      },
    },
    async (request, reply) => {
      const id = await addLaborRate(request.db, request.scope.organizationId, signedInUser(request), request.body);
      const [rate] = await listLaborRates(request.db, request.scope.organizationId, id);
      return reply.status(201).send(rate);
    },
  );
};
