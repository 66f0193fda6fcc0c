import { errorBody } from '@common/schemas/params';
import {
  signature,
  signatureCreateBody,
  signatureListQuery,
  signOffRules,
  signOffRulesBody,
} from '@common/schemas/signatures';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { asActor } from '../../lib/audit';
import type { Scope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';
import { signedInUser } from '../../plugins/session';
import { listSignatures, readSignOffRules, signRecord, writeSignOffRules } from './service';

/**
 * A kind of record that can be signed, given by the domain that owns it: `check` throws the record's 404 when it
 * is not in the scope. The domains above register theirs in app.ts, so this one imports none of them.
 */
export type Signable = (db: Database, scope: Scope, id: number) => Promise<void>;
export type Signables = Record<string, Signable>;

export const signatureRoutes: FastifyPluginAsyncZod<{ signables: Signables }> = async (app, { signables }) => {
  const check = async (db: Database, scope: Scope, entityType: string, id: number) => {
    const signable = signables[entityType];
    if (!signable) throw notFound('Record not found');
    await signable(db, scope, id);
  };

  app.get(
    '/api/signatures',
    {
      schema: {
        tags: ['signatures'],
        summary: "A record's signatures and amendments, oldest first",
        querystring: signatureListQuery,
        response: { 200: z.array(signature), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { entityType, entityId } = request.query;
      await check(app.db, request.scope, entityType, entityId);
      return reply.send(await listSignatures(app.db, request.scope.organizationId, entityType, [entityId]));
    },
  );

  app.post(
    '/api/signatures',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags: ['signatures'],
        summary: 'Sign a record (or amend a signed one) after re-entering your password',
        body: signatureCreateBody,
        response: { 201: signature, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const actor = signedInUser(request);
      await check(request.db, request.scope, request.body.entityType, request.body.entityId);
      const device = request.headers['user-agent'] ?? null;
      const signed = await asActor(request.db, { userId: actor.id, device }, (tx) =>
        signRecord(tx, actor, { ...request.body, device }),
      );
      return reply.status(201).send(signed);
    },
  );
  app.get(
    '/api/sign-off-rules',
    {
      schema: {
        tags: ['signatures'],
        summary: "Per work order priority, which of complete, approve and close need a signature (besides procedures')",
        response: { 200: signOffRules },
      },
    },
    async (request) => readSignOffRules(app.db, request.scope.organizationId),
  );

  app.put(
    '/api/sign-off-rules',
    {
      config: { transaction: true, permission: 'users:manage' },
      schema: {
        tags: ['signatures'],
        summary: 'Set which steps of work orders of each priority need a signature (priorities left out stay)',
        body: signOffRulesBody,
        response: { 200: signOffRules, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => writeSignOffRules(request.db, request.scope.organizationId, request.body),
  );
};
