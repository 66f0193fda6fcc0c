import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { HttpError } from './errors';
import { databaseRateLimitStore } from './rate-limit-store';
import { addRouteHook, isWriteRoute } from './route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Authenticated by a signature over the request itself (a payment provider's webhook), never by a cookie:
     * there is no ambient authority to forge, so the cross-origin check does not apply.
     */
    signatureAuthenticated?: boolean;
  }
}

/** Stripe.js runs from Stripe's own origin and frames its card fields from there; only when Stripe is on. */
const STRIPE_CSP = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

/**
 * Security headers with a CSP the built app passes; cross-origin writes refused (CSRF defence on top of
 * SameSite=Lax); rate limits available per route (sign-in and sign-up use them), counted in the database all servers share.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const stripe = Boolean(app.config.stripe?.secretKey);
  // helmet's middleware built once: @fastify/helmet rebuilt it (and re-parsed the CSP) on every request, a
  // measurable share of the hottest reads. No CSP nonces are used, so one middleware serves every response.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE_CSP.scriptSrc : [])],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? STRIPE_CSP.connectSrc : [])],
        frameSrc: stripe ? STRIPE_CSP.frameSrc : ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The app loads photos it serves itself; cross-origin isolation would only get in the way of a later CDN.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(app.db),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });

  // A route's own hooks run after the app's, so the session's hook has already told a token from a cookie.
  const refuseCrossOrigin = async (request: FastifyRequest) => {
    // An API token is sent by the program holding it, never added by a browser: no ambient authority to forge.
    if (request.apiToken) return;
    const origin = request.headers.origin;
    // Browsers send Origin on every cross-site write; tools without one carry no ambient cookie risk.
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'Cross-origin request refused.');
      return;
    }
    if (origin !== `${request.protocol}://${request.host}`) throw new HttpError(403, 'Cross-origin request refused.');
  };
  app.addHook('onRoute', (route) => {
    if (isWriteRoute(route) && !route.config?.signatureAuthenticated)
      addRouteHook(route, 'onRequest', refuseCrossOrigin);
  });
});
