import {
  type AuthStatus,
  acceptInviteBody,
  authStatus,
  organizationChoiceBody,
  sessionBody,
  sessionReadQuery,
  signInBody,
  signUpBody,
  verificationPending,
  verifyEmailBody,
} from '@common/schemas/auth';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { endSession, userForToken } from '../../lib/sessions';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie, signedInUser } from '../../plugins/session';
import { EMAIL_VERIFIED, LINK_NOT_VALID, verifyEmail } from './email-verification';
import { acceptInvite, hasAnyUser, signUp } from './service';
import { signIn } from './sign-in';

/** Ten tries a minute from one address: enough for a fumbled glove, too few to guess a password. */
const attemptLimit = { max: 10, timeWindow: '1 minute' };
/** Organizations one client address may make in an hour (issue 27, item 1: sign-ups limited per client). */
const signUpLimit = { max: 10, timeWindow: '1 hour' };

/**
 * The page the mailed link opens: a button, not the confirmation itself, so a mail scanner that fetches every link
 * proves nothing by fetching this one. No script (the CSP allows none inline); the form posts the token back.
 */
const confirmPage = (token: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirm your email address · ValveOps</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
<h1>Confirm your email address</h1>
<form method="post" action="/api/auth/verify-email">
<input type="hidden" name="token" value="${token.replace(/[^A-Za-z0-9_-]/g, '')}">
<button type="submit" style="font-size: 1.1rem; padding: 0.6rem 1.2rem">Confirm</button>
</form></body></html>`;

const resultPage = (message: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ValveOps</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
<p>${message}</p><p><a href="/">Sign in</a></p></body></html>`;

/**
 * `demoAccounts`: the accounts the sign-in page offers in demo mode. The demo generator (server/src/demo/) sits
 * above the domains, so app.ts hands its lookup in.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  demoAccounts: (db: Database) => Promise<AuthStatus['demo']>;
}> = async (app, { demoAccounts }) => {
  const mail = app.mail;
  // The confirm page's form posts the token urlencoded; only this plugin's routes take that type.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
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
        response: {
          200: sessionBody,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          409: organizationChoiceBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const session = await signIn(app.db, mail, request.body);
      setSessionCookie(request, reply, session.token);
      return signedIn(session.token);
    },
  );

  app.post(
    '/api/auth/sign-up',
    {
      config: { public: true, rateLimit: signUpLimit },
      schema: {
        tags: ['auth'],
        summary: 'Create an organization and its first admin (202: the address must be confirmed first)',
        body: signUpBody,
        response: { 201: sessionBody, 202: verificationPending, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const session = await signUp(app.db, mail, request.body);
      if ('verificationSent' in session) return reply.status(202).send(session);
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
        response: { 200: sessionBody, 202: verificationPending, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const session = await acceptInvite(app.db, mail, request.body, request.headers['user-agent']);
      if ('verificationSent' in session) return reply.status(202).send(session);
      setSessionCookie(request, reply, session.token);
      return signedIn(session.token);
    },
  );

  app.get(
    '/api/auth/verify-email',
    {
      config: { public: true, rateLimit: attemptLimit },
      schema: {
        tags: ['auth'],
        summary: 'The page of the link mailed to a new account: a button that confirms the address',
        querystring: z.union([verifyEmailBody, z.object({ result: z.enum(['confirmed', 'not-valid']) })]),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const page =
        'token' in query
          ? confirmPage(query.token)
          : resultPage(query.result === 'confirmed' ? EMAIL_VERIFIED : LINK_NOT_VALID);
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: { public: true, rateLimit: attemptLimit },
      schema: {
        tags: ['auth'],
        summary: "Confirm a new account's address with the token of the mailed link (JSON, or the page's form)",
        body: verifyEmailBody,
        response: { 200: z.object({ message: z.string() }), 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const verified = await verifyEmail(app.db, request.body.token);
      const fromPage = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      if (fromPage) return reply.redirect(`/api/auth/verify-email?result=${verified ? 'confirmed' : 'not-valid'}`, 303);
      if (!verified) return reply.status(400).send({ message: LINK_NOT_VALID });
      return { message: EMAIL_VERIFIED };
    },
  );

  app.get(
    '/api/auth/session',
    {
      // A remembered session is the whole answer: it takes no place in PGlite's queue (issue 31).
      config: { public: true, answeredFromMemory: () => true },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user; with ?signedOut=null, null when nobody is signed in (else 401)',
        querystring: sessionReadQuery,
        response: { 200: sessionBody.nullable(), 401: errorBody },
      },
    },
    async (request) => (!request.user && request.query.signedOut ? null : { user: signedInUser(request) }),
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
