import { clearEmergencyBody, emergency, emergencyList, raiseEmergencyBody } from '@common/schemas/emergencies';
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keptOrganizationAnswer, keptWholeListOf } from '../../lib/kept-answers';
import type { KeptValveReads } from '../../lib/kept-reads';
import { signedInUser } from '../../plugins/session';
import { activeEmergencies, clearEmergency, raiseEmergency } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * Emergencies (issue 17 item 3): anyone raises one for a plant; supervisors and admins clear it. Those in force over a
 * whole organization come from `kept` while the database's notices say they hold (lib/kept-reads.ts): the banner is
 * read by every phone opening /app.
 */
export const emergencyRoutes: FastifyPluginAsyncZod<{ kept: KeptValveReads }> = async (app, { kept }) => {
  app.get(
    '/api/emergencies',
    {
      config: { answeredFromMemory: keptWholeListOf(kept.emergencies) },
      schema: {
        tags: ['emergencies'],
        summary: "Emergencies in force in the user's plants, newest first",
        response: { 200: emergencyList, 401: errorBody },
      },
    },
    async (request) =>
      keptOrganizationAnswer(kept.emergencies, request, async (db) => ({
        value: await activeEmergencies(db, request.scope),
      })),
  );

  app.post(
    '/api/emergencies',
    {
      config: { transaction: true },
      schema: {
        tags: ['emergencies'],
        summary: 'Raise an emergency for a plant, with the reason; everyone of that plant is told',
        body: raiseEmergencyBody,
        response: { 201: emergency, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await raiseEmergency(request.db, request.scope, signedInUser(request), request.body)),
  );

  app.post(
    '/api/emergencies/:id/clear',
    {
      config: { transaction: true, permission: 'emergencies:clear' },
      schema: {
        tags: ['emergencies'],
        summary: 'End an emergency with an all-clear note (supervisor, admin); the plant is told',
        params: idParams,
        body: clearEmergencyBody,
        response: { 200: emergency, ...errors },
      },
    },
    async (request) =>
      clearEmergency(request.db, request.scope, signedInUser(request), request.params.id, request.body.note),
  );
};
