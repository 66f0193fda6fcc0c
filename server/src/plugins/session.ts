import { type Action, can } from '@common/permissions';
import type { SessionUser } from '@common/schemas/auth';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, health, public pricing, payment webhook). */
    public?: boolean;
    /** The permission of common/permissions.ts this route needs. */
    permission?: Action;
  }
}

/** What a user may see: their organization, and their plants when they are limited to some. */
const scopeOf = (user: SessionUser): Scope => ({
  organizationId: user.organizationId,
  plants: user.plants.length ? user.plants : null,
});

/**
 * The scope of the request's session if this process remembers it, read before the session's own hook (the cookie
 * parsed here, with no database round trip); null when it would take the database to know.
 */
export function rememberedScope(request: FastifyRequest): Scope | null {
  const token = request.headers.cookie ? cookie.parse(request.headers.cookie)[SESSION_COOKIE] : undefined;
  const user = token ? rememberedSessionUser(token) : null;
  return user ? scopeOf(user) : null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/** The user of a route that is not public: the session hook has already refused requests without one. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, 'Sign in to continue.');
  return request.user;
}

/** A role's 403: for a route's `permission`, and for one a route checks itself (an export's). */
export const refusedRole = (role: string) => new HttpError(403, `Your role (${role}) may not do this.`);

/**
 * Resolves the session cookie to a user before any handler runs. API routes need a session unless marked
 * public (401 otherwise); a route's `permission` is checked against the user's role (403 otherwise).
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  // Set below for every signed-in request; routes without a session never reach a handler that reads it.
  app.decorateRequest('scope', null as unknown as Scope);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
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
    if (!request.url.startsWith('/api/') || config.public) return;
    if (!request.user) throw new HttpError(401, 'Sign in to continue.');
    if (config.permission && !can(request.user.role, config.permission)) {
      throw refusedRole(request.user.role);
    }
  });
});
