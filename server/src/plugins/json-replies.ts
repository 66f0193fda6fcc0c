import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import type { JsonText } from '../db/json';

declare module 'fastify' {
  interface FastifyReply<
    RouteGeneric,
    RawServer,
    RawRequest,
    RawReply,
    ContextConfig,
    SchemaCompiler,
    TypeProvider,
    ReplyType,
  > {
    /**
     * Sends JSON text the database built (presenters/), as it is: the route's reply type must be the text's, so a
     * route cannot send one entity's JSON as another's.
     */
    sendJson(json: JsonText<ReplyType>): this;
  }
}

/** Thrown when a reply does not match its route's response schema: a presenter and common/ disagree. */
class ReplyMismatch extends Error {}

/**
 * The route's response schema for the reply's status, parsed with JSON.parse and compared: the value must pass the
 * schema and come out unchanged (no key the schema leaves out, nothing it would transform).
 */
function checkReply(reply: FastifyReply, json: string): void {
  const schemas = reply.request.routeOptions.schema?.response as Record<number, ZodType> | undefined;
  const schema = schemas?.[reply.statusCode];
  const where = `${reply.request.method} ${reply.request.routeOptions.url} (${reply.statusCode})`;
  if (!schema) throw new ReplyMismatch(`${where} sends JSON text but declares no response schema for it`);
  const value: unknown = JSON.parse(json);
  const checked = schema.safeParse(value);
  if (!checked.success) {
    const issues = checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ReplyMismatch(`${where} does not match its response schema: ${issues}`);
  }
  if (!isDeepStrictEqual(checked.data, value)) {
    throw new ReplyMismatch(`${where} holds fields or values its response schema does not`);
  }
}

/**
 * `reply.sendJson(text)`: the hot reads and the writes answer JSON text the database built, which Fastify sends as
 * it is, past the schema serializer. With `check` (tests and development, never production: it would cost the hot
 * reads what building the JSON in the database saved) each such reply is checked against the route's common/
 * response schema, and a mismatch fails the request loudly (a 500, logged with what differs).
 */
export const jsonRepliesPlugin = fp(async (app: FastifyInstance, options: { check: boolean }) => {
  app.decorateReply('sendJson', function sendJson(this: FastifyReply, json: string) {
    if (options.check) checkReply(this, json);
    return this.type('application/json; charset=utf-8').send(json);
  });
});
