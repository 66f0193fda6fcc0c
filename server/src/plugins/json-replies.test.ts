import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonText } from '../db/json';
import { errorsPlugin } from './errors';
import { jsonRepliesPlugin } from './json-replies';

const reading = z.object({ tag: z.string(), value: z.number() });
type Reading = z.infer<typeof reading>;
/** JSON text as a presenter would hand it over (here written by hand, which only a test does). */
const text = (json: string) => json as JsonText<Reading>;

async function appWith(check: boolean): Promise<FastifyInstance> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(jsonRepliesPlugin, { check });
  const sends: Record<string, string> = {
    good: '{"tag":"V-001-BV","value":4.2}',
    wrongType: '{"tag":"V-001-BV","value":"4.2"}',
    missing: '{"tag":"V-001-BV"}',
    extra: '{"tag":"V-001-BV","value":4.2,"secret":"x"}',
  };
  app.get(
    '/reading/:kind',
    { schema: { params: z.object({ kind: z.string() }), response: { 200: reading, 201: reading } } },
    async (request, reply) => reply.sendJson(text(sends[request.params.kind])),
  );
  app.post('/reading', { schema: { response: { 201: reading } } }, async (_request, reply) =>
    reply.status(201).sendJson(text(sends.good)),
  );
  app.get('/no-schema', async (_request, reply) => reply.sendJson(text(sends.good) as never));
  return app;
}

describe('reply.sendJson', () => {
  let checked: FastifyInstance;
  let unchecked: FastifyInstance;
  beforeAll(async () => {
    checked = await appWith(true);
    unchecked = await appWith(false);
  });
  afterAll(async () => {
    await checked.close();
    await unchecked.close();
  });

  it('sends the text as it is, as JSON, when it matches the schema of the reply status', async () => {
    const res = await checked.inject({ method: 'GET', url: '/reading/good' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('{"tag":"V-001-BV","value":4.2}');
    const created = await checked.inject({ method: 'POST', url: '/reading' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ tag: 'V-001-BV', value: 4.2 });
  });

  it('fails the request when checking and the text has a wrong type, a missing field or a field too many', async () => {
    for (const kind of ['wrongType', 'missing', 'extra']) {
      const res = await checked.inject({ method: 'GET', url: `/reading/${kind}` });
      expect(res.statusCode, kind).toBe(500);
    }
    const res = await checked.inject({ method: 'GET', url: '/no-schema' });
    expect(res.statusCode).toBe(500);
  });

  it('sends the text unchecked when not checking (production)', async () => {
    const res = await unchecked.inject({ method: 'GET', url: '/reading/extra' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"tag":"V-001-BV","value":4.2,"secret":"x"}');
  });
});
