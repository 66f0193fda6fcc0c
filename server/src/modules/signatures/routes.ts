import type { SignableKindName } from '@common/record-kinds';
import { errorBody, idParams } from '@common/schemas/params';
import {
  signature,
  signatureCreateBody,
  signatureListQuery,
  signingKey,
  signingKeyBody,
  signOffRules,
  signOffRulesBody,
} from '@common/schemas/signatures';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { asActor } from '../../lib/audit';
import { kindNamed, type RecordKind } from '../../lib/record-kinds';
import type { Scope } from '../../lib/scope';
import { signedContentOf } from '../../lib/signed-content';
import { signedInUser } from '../../plugins/session';
import { readSignOffRules, signaturesWithChanges, signRecord, writeSignOffRules } from './service';
import { listSigningKeys, registerSigningKey, revokeSigningKey } from './signing-keys';

/**
 * `kinds`: the record kinds of every domain (app.ts); a signable kind's own `inScope` throws its 404 when the record
 * is not in the scope, so this domain reads no other domain's tables.
 */
export const signatureRoutes: FastifyPluginAsyncZod<{ kinds: readonly RecordKind[] }> = async (app, { kinds }) => {
  const check = (db: Database, scope: Scope, entityType: SignableKindName, id: number) =>
    kindNamed(kinds, entityType).inScope(db, scope, id);
  const content = signedContentOf(kinds);

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
      return reply.send(
        await signaturesWithChanges(app.db, content, request.scope.organizationId, entityType, entityId),
      );
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
      const { entityType, entityId } = request.body;
      const signed = await asActor(request.db, { userId: actor.id, device }, async (tx) =>
        signRecord(tx, actor, { ...request.body, device, content: await content(tx, entityType, entityId) }),
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

  app.post(
    '/api/signing-keys',
    {
      config: { transaction: true, permission: 'work-orders:work' },
      schema: {
        tags: ['signatures'],
        summary: "Register this device's key for signing with no signal, after re-entering your password",
        body: signingKeyBody,
        response: { 201: signingKey, 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const actor = signedInUser(request);
      const key = await registerSigningKey(request.db, actor, request.body, request.headers['user-agent'] ?? null);
      return reply.status(201).send(key);
    },
  );

  app.get(
    '/api/signing-keys',
    {
      schema: {
        tags: ['signatures'],
        summary: 'Your devices’ signing keys, newest first',
        response: { 200: z.array(signingKey), 401: errorBody },
      },
    },
    async (request) => listSigningKeys(app.db, signedInUser(request)),
  );

  app.delete(
    '/api/signing-keys/:id',
    {
      config: { transaction: true },
      schema: {
        tags: ['signatures'],
        summary: 'Revoke a signing key (a lost device): your own, or any for whoever manages users',
        params: idParams,
        response: { 200: signingKey, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => revokeSigningKey(request.db, signedInUser(request), request.params.id),
  );
};
