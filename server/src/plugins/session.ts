import { type Action, can } from '@common/permissions';
import type { ApiTokenScope } from '@common/schemas/api-tokens';
import type { SessionUser } from '@common/schemas/auth';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { noteApiTokenUse, userForApiToken } from '../lib/api-tokens';
import type { Scope } from '../lib/scope';
import { rememberedSessionUser, SESSION_DAYS, userForToken } from '../lib/sessions';
import { HttpError } from './errors';

export const SESSION_COOKIE = 'valveops_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null on public routes without a session. */
    user: SessionUser | null;
    /** What this request may see; every query on tenant data filters on it. */
    scope: Scope;
    /** The API token the request was made with (`Authorization: Bearer`), or null for a session or none. */
    apiToken: { id: number; scopes: ApiTokenScope[] } | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, health, public pricing, payment webhook). */
    public?: boolean;
    /** The permission of common/permissions.ts this route needs. */
    permission?: Action;
    /** Only with a signed-in session, never an API token (a token may not make or revoke tokens). */
    sessionOnly?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER = /^Bearer ([A-Za-z0-9_-]+)$/;

export type SessionOptions = {
  /** Refuses (402, naming the plan) an organization whose plan has no API access: given by app.ts from billing. */
  assertApiAccess: (db: Database, organizationId: number) => Promise<void>;
};

/** What a user may see: their organization, and their plants when they are limited to some. */
export const scopeOf = (user: SessionUser): Scope => ({
  organizationId: user.organizationId,
  plants: user.plants.length ? user.plants : null,
});

/**
 * The user of the request's session if this process remembers it, read before the session's own hook (the cookie
 * parsed here, with no database round trip); null when it would take the database to know.
 */
export function rememberedUser(request: FastifyRequest): SessionUser | null {
  // A request with a bearer token is that token's, whatever cookie comes with it.
  if (request.headers.authorization !== undefined) return null;
  const token = request.headers.cookie ? cookie.parse(request.headers.cookie)[SESSION_COOKIE] : undefined;
  return token ? rememberedSessionUser(token) : null;
}

/** The app's own cookies: the whole site, out of scripts' reach, not sent cross-site, over https when served so. */
export const appCookie = (request: FastifyRequest) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' }) as const;

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...appCookie(request), maxAge: SESSION_DAYS * 86_400 });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, appCookie(request));
}

/** The user of a route that is not public: the session hook has already refused requests without one. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, 'Sign in to continue.');
  return request.user;
}

/** A role's 403: for a route's `permission`, and for one a route checks itself (an export's). */
export const refusedRole = (role: string) => new HttpError(403, `Your role (${role}) may not do this.`);

/**
 * Resolves the session cookie, or an API token (`Authorization: Bearer vo_...`, which then stands alone: the cookie
 * is not read), to a user before any handler runs. API routes need one unless marked public (401 otherwise); a
 * route's `permission` is checked against the user's role (403 otherwise). A token acts as the admin who made it,
 * in their organization and plants, only on a plan with API access (402), and writes only with the write scope.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  // Set below for every signed-in request; routes without a session never reach a handler that reads it.
  app.decorateRequest('scope', null as unknown as Scope);
  app.decorateRequest('apiToken', null);

  const actAsApiToken = async (request: FastifyRequest, authorization: string) => {
    const bearer = BEARER.exec(authorization.trim());
    if (!bearer) throw new HttpError(401, 'Malformed Authorization header: send "Authorization: Bearer <API token>".');
    const found = await userForApiToken(app.db, bearer[1]);
    if (!found) throw new HttpError(401, 'This API token is not valid: it is unknown, revoked or expired.');
    await options.assertApiAccess(app.db, found.user.organizationId);
    if (!READS.has(request.method) && !found.scopes.includes('write')) {
      throw new HttpError(
        403,
        'This API token may only read (scope: read). Create a token with the write scope to make changes.',
      );
    }
    request.user = found.user;
    request.scope = scopeOf(found.user);
    request.apiToken = { id: found.tokenId, scopes: found.scopes };
    await noteApiTokenUse(app.db, found.tokenId, request.ip);
  };

  app.addHook('onRequest', async (request, reply) => {
    const isApi = request.url.startsWith('/api/');
    const authorization = request.headers.authorization;
    const token = request.cookies[SESSION_COOKIE];
    if (isApi && authorization !== undefined) {
      await actAsApiToken(request, authorization);
    } else if (token) {
      const found = await userForToken(app.db, token);
      if (found) {
        request.user = found.user;
        request.scope = scopeOf(found.user);
        if (found.renewedUntil) setSessionCookie(request, reply, token);
      } else {
        clearSessionCookie(request, reply);
      }
    }
    const config = request.routeOptions.config;
    if (!isApi || config.public) return;
    if (!request.user) throw new HttpError(401, 'Sign in to continue.');
    if (config.sessionOnly && request.apiToken) {
      throw new HttpError(403, 'API tokens are managed by a signed-in admin, not with an API token.');
    }
    if (config.permission && !can(request.user.role, config.permission)) {
      throw refusedRole(request.user.role);
    }
  });
});
