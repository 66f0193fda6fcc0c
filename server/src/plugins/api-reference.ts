import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

const PREFIX = '/api/docs';

/**
 * The API reference at /api/docs (issue 32): Swagger UI from the fastify organization, drawn from the same OpenAPI
 * document as /api/openapi.json, so it cannot drift from the routes. Public like that document; "Authorize" takes an
 * API token, and "Try it out" then calls the API with it. Its pages load only their own files, so the app's CSP holds.
 */
export async function apiReference(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.url === PREFIX || route.url.startsWith(`${PREFIX}/`)) route.config = { ...route.config, public: true };
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: PREFIX,
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: false, tryItOutEnabled: false },
  });
}
