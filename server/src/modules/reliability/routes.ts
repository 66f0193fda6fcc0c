import { errorBody, idParams, recordId } from '@common/schemas/params';
import {
  badActorQuery,
  downtimeInput,
  downtimePeriod,
  failureBody,
  failureCode,
  failureCodeBody,
  failureCodeTables,
  failureReport,
  reliabilityGroupQuery,
  reliabilityGroups,
  reliabilityQuery,
  valveFailure,
  valveReliability,
} from '@common/schemas/reliability';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import type { CostsOf } from '../costs';
import { addFailureCode, failureCodeTables as codeTables } from './codes';
import { addDowntime, downtimeOfWorkOrder, removeDowntime } from './downtime';
import { correctFailure, failureOfWorkOrder } from './failure-reports';
import { badActors, failuresOfValve, reliabilityGroups as groups, reliabilityOfValves } from './service';

const tags = ['reliability'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const downtimeParams = z.object({ id: recordId, downtimeId: recordId });

/**
 * Failures, downtime and bad actors (issue 34, docs/decisions/112). `costsOf` prices the failures' work orders
 * with the ledger's cost lines (app.ts).
 */
export const reliabilityRoutes: FastifyPluginAsyncZod<{ costsOf: CostsOf }> = async (app, { costsOf }) => {
  app.get(
    '/api/failure-codes',
    {
      schema: {
        tags,
        summary:
          'The failure codes (ISO 14224 for valves, then the organization’s own): modes, mechanisms, causes, remedies, detection methods',
        response: { 200: failureCodeTables, ...errors },
      },
    },
    async (request) => codeTables(app.db, request.scope.organizationId),
  );

  app.post(
    '/api/failure-codes',
    {
      config: { transaction: true, permission: 'failures:code' },
      schema: {
        tags,
        summary: 'Add an organization’s own failure code beside the standard ones',
        body: failureCodeBody,
        response: { 201: failureCode, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addFailureCode(request.db, request.scope.organizationId, request.body)),
  );

  app.get(
    '/api/work-orders/:id/failure',
    {
      schema: {
        tags,
        summary: 'What failed, as recorded on the work order (null when nothing is)',
        params: idParams,
        response: { 200: failureReport.nullable(), ...errors },
      },
    },
    async (request) => failureOfWorkOrder(app.db, request.scope, request.params.id),
  );

  app.put(
    '/api/work-orders/:id/failure',
    {
      config: { transaction: true, permission: 'failures:code' },
      schema: {
        tags,
        summary: 'Record or correct the failure report of a completed work order',
        params: idParams,
        body: failureBody,
        response: { 200: failureReport, ...errors },
      },
    },
    async (request) =>
      correctFailure(request.db, request.scope, signedInUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/work-orders/:id/downtime',
    {
      schema: {
        tags,
        summary: 'When the valve was out of service for the work order',
        params: idParams,
        response: { 200: z.array(downtimePeriod), ...errors },
      },
    },
    async (request) => downtimeOfWorkOrder(app.db, request.scope, request.params.id),
  );

  app.post(
    '/api/work-orders/:id/downtime',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags,
        summary: 'Record a period the valve was out of service for the work order (periods never overlap)',
        params: idParams,
        body: downtimeInput,
        response: { 201: downtimePeriod, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addDowntime(request.db, request.scope, signedInUser(request).id, request.params.id, request.body)),
  );

  app.delete(
    '/api/work-orders/:id/downtime/:downtimeId',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags,
        summary: 'Remove a downtime period recorded by mistake',
        params: downtimeParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeDowntime(request.db, request.scope, request.params.id, request.params.downtimeId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/reliability/valves',
    {
      config: { replicaRead: true },
      schema: {
        tags,
        summary:
          'Each valve’s failures, MTBF, MTTR, downtime and cost in the period (the last twelve months unless given)',
        querystring: reliabilityQuery,
        response: { 200: z.array(valveReliability), ...errors },
      },
    },
    async (request) => reliabilityOfValves(request.reader, request.scope, costsOf, request.query),
  );

  app.get(
    '/api/reliability/bad-actors',
    {
      config: { replicaRead: true },
      schema: {
        tags,
        summary: 'The valves that failed most in the period, then the costliest, then the longest down',
        querystring: badActorQuery,
        response: { 200: z.array(valveReliability), ...errors },
      },
    },
    async (request) => badActors(request.reader, request.scope, costsOf, request.query),
  );

  app.get(
    '/api/reliability/groups',
    {
      config: { replicaRead: true },
      schema: {
        tags,
        summary: 'Failures, MTBF and MTTR rolled up by plant, area, system, type, manufacturer or model',
        querystring: reliabilityGroupQuery,
        response: { 200: reliabilityGroups, ...errors },
      },
    },
    async (request) => groups(request.reader, request.scope, costsOf, request.query),
  );

  app.get(
    '/api/valves/:id/failures',
    {
      config: { replicaRead: true },
      schema: {
        tags,
        summary: 'The valve’s failures, newest first, with their repair time, downtime and cost',
        params: idParams,
        response: { 200: z.array(valveFailure), ...errors },
      },
    },
    async (request) => failuresOfValve(request.reader, request.scope, costsOf, request.params.id),
  );
};
