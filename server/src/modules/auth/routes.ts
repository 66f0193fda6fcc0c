import {
  type AuthStatus,
  acceptInviteBody,
  authStatus,
  organizationChoiceBody,
  sessionBody,
  signInBody,
  signUpBody,
} from '@common/schemas/auth';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { endSession, userForToken } from '../../lib/sessions';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie, signedInUser } from '../../plugins/session';
import { acceptInvite, hasAnyUser, signIn, signUp } from './service';

/** Ten tries a minute from one address: enough for a fumbled glove, too few to guess a password. */
const attemptLimit = { max: 10, timeWindow: '1 minute' };

/**
 * `demoAccounts`: the accounts the sign-in page offers in demo mode. The demo generator (server/src/demo/) sits
 * above the domains, so app.ts hands its lookup in.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  demoAccounts: (db: Database) => Promise<AuthStatus['demo']>;
}> = async (app, { demoAccounts }) => {
  const signedIn = async (token: string) => {
    const found = await userForToken(app.db, token);
    if (!found) throw new Error('a session just created was not found');
    return { user: found.user };
  };

  app.get(
    '/api/auth/status',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Whether set-up is needed; demo accounts', response: { 200: authStatus } },
    },
    async () => ({
      needsSetup: !(await hasAnyUser(app.db)),
      demo: app.config.demo ? await demoAccounts(app.db) : null,
    }),
  );

  app.post(
    '/api/auth/sign-in',
    {
      config: { public: true, rateLimit: attemptLimit },
      schema: {
        tags: ['auth'],
        body: signInBody,
        response: { 200: sessionBody, 400: errorBody, 401: errorBody, 409: organizationChoiceBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const session = await signIn(app.db, request.body);
      setSessionCookie(request, reply, session.token);
      return signedIn(session.token);
    },
  );

  app.post(
    '/api/auth/sign-up',
    {
      config: { public: true, rateLimit: attemptLimit },
      schema: {
        tags: ['auth'],
        summary: 'Create an organization and its first admin',
        body: signUpBody,
        response: { 201: sessionBody, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const session = await signUp(app.db, request.body);
      setSessionCookie(request, reply, session.token);
      return reply.status(201).send(await signedIn(session.token));
    },
  );

  app.post(
    '/api/auth/accept-invite',
    {
      config: { public: true, rateLimit: attemptLimit },
      schema: {
        tags: ['auth'],
        body: acceptInviteBody,
        response: { 200: sessionBody, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const session = await acceptInvite(app.db, request.body, request.headers['user-agent']);
      setSessionCookie(request, reply, session.token);
      return signedIn(session.token);
    },
  );

  app.get(
    '/api/auth/session',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: sessionBody, 401: errorBody } } },
    async (request) => ({ user: signedInUser(request) }),
  );

  app.post(
    '/api/auth/sign-out',
    { config: { public: true }, schema: { tags: ['auth'], response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await endSession(app.db, token);
      clearSessionCookie(request, reply);
      return { success: true as const };
    },
  );
};
