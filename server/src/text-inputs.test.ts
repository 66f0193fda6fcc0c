/**
 * Issue 15, finding 4: random text in every string field of every write route never gives a 5xx. The routes and
 * their bodies come from the OpenAPI document, which authorization.test.ts holds equal to its route table; each
 * string is mostly a well-formed value (so the request reaches the handler and the database) and sometimes carries
 * a NUL byte, an unpaired surrogate or other awkward text.
 */
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenancePlans, procedures, users, valves, workOrders } from './db/schema';
import { createTestApp, type TestContext } from './testing/test-app';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
};
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };

let t: TestContext;
const known: Record<string, number[]> = {};
beforeAll(async () => {
  t = await createTestApp({ valves: 8 });
  const firstIds = async (table: typeof valves | typeof workOrders | typeof users | typeof procedures) =>
    (await t.db.select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(3)).map((r) => r.id);
  known.valves = await firstIds(valves);
  known['work-orders'] = await firstIds(workOrders);
  known.users = (
    await t.db.select({ id: users.id }).from(users).where(eq(users.organizationId, 1)).orderBy(asc(users.id)).limit(3)
  ).map((r) => r.id);
  known.procedures = await firstIds(procedures);
  known['maintenance-plans'] = (await t.db.select({ id: maintenancePlans.id }).from(maintenancePlans).limit(3)).map(
    (r) => r.id,
  );
});
afterAll(() => t.close());

/** Text PostgreSQL or a handler could choke on; NUL and half a surrogate pair must be refused with a 400. */
const awkward = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', "'; drop table valves; --", '%_\\'),
  fc.constantFrom('\u202e', '\u2028', '\ufeff', '🛢️🔧', 'e\u0301', '   ', '\t\r\n'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
);

function integers(schema: Schema, ids: number[]): fc.Arbitrary<number> {
  const min = schema.minimum ?? -2_147_483_648;
  const max = schema.maximum ?? 2_147_483_647;
  const inRange = ids.filter((id) => id >= min && id <= max);
  return fc.oneof(
    fc.integer({ min, max }),
    ...(inRange.length ? [fc.constantFrom(...inRange)] : []),
    fc.constantFrom(0, -1, 1),
  );
}

/** A value for a JSON schema, meant to be valid (so the handler and the database see it). */
function validValue(schema: Schema, ids: number[]): fc.Arbitrary<unknown> {
  const alternatives = schema.oneOf ?? schema.anyOf;
  const base = (() => {
    if (alternatives) return fc.oneof(...alternatives.map((s) => validValue(s, ids)));
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const type = Array.isArray(schema.type) ? schema.type.find((ty) => ty !== 'null') : schema.type;
    switch (type) {
      case 'string': {
        const valid = schema.pattern
          ? fc.stringMatching(new RegExp(schema.pattern))
          : fc.string({
              unit: 'grapheme',
              minLength: schema.minLength ?? 0,
              maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 60, 60)),
            });
        return valid;
      }
      case 'integer':
        return integers(schema, ids);
      case 'number':
        return fc.oneof(integers(schema, ids), fc.double({ noNaN: true, noDefaultInfinity: true }));
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(schema.items ? validValue(schema.items, ids) : awkward, {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        });
      case 'object': {
        const properties = schema.properties ?? {};
        const shape = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, validValue(s, ids)]));
        return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
      }
      default:
        return fc.oneof(awkward, fc.integer(), fc.constant(null));
    }
  })();
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 5 }, fc.constant(null)) : base;
}

/** Percent-encoded as a careless client would: a lone surrogate as its three (WTF-8) bytes, not an exception. */
function encode(text: string): string {
  let out = '';
  for (const char of text.match(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g) ?? []) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** The paths of the strings in a value. */
function textPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    textPaths(item, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

/** A CSV file of readings (POST /api/sensor-readings/bulk) with one of its cells (chosen by `pick`) awkward text. */
function csvWithAwkwardCell(text: string, pick: number): string {
  const cells = ['V-001-BV', '2027-01-01T00:00:00Z', 'pressure', '1', 'good'];
  cells[pick % cells.length] = text;
  return `valveId,timestamp,sensorType,value,quality\n${cells.join(',')}\n`;
}

/** A valid body with one of its strings (chosen by `pick`) replaced by awkward text. */
function withAwkwardText(body: unknown, text: string, pick: number): unknown {
  const paths = textPaths(body);
  if (!paths.length) return body;
  const path = paths[pick % paths.length];
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]] = text;
  return copy;
}

/** The route's path with its parameters filled: a record of the first organization, or awkward text. */
function urlOf(path: string, ids: number[]): fc.Arbitrary<string> {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const parts = names.map((name) =>
    name === 'id' && ids.length
      ? fc.oneof(fc.constantFrom(...ids), integers({ minimum: 1 }, []))
      : fc.oneof(fc.constantFrom('seal', 'emergency-kit', '1'), awkward),
  );
  return fc
    .tuple(...parts)
    .map((values) => names.reduce((url, name, i) => url.replace(`{${name}}`, encode(String(values[i]))), path));
}

describe('random text on every write route', () => {
  it('never answers 5xx', async () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, Operation>> }).paths;
    const writes = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase() as 'POST', path, operation })),
    );
    expect(writes.length).toBeGreaterThan(40);
    const admin = await t.cookie('admin');
    for (const { method, path, operation } of writes) {
      const ids = known[path.split('/')[2]] ?? [];
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const csv = operation.requestBody?.content?.['text/csv'] !== undefined;
      const body = csv
        ? fc
            .tuple(awkward, fc.nat(), fc.boolean())
            .map(([text, pick, whole]) => (whole ? text : csvWithAwkwardCell(text, pick)))
        : schema
          ? fc
              .tuple(validValue(schema, ids), awkward, fc.nat(), fc.boolean())
              .map(([valid, text, pick, spoil]) => (spoil ? withAwkwardText(valid, text, pick) : valid))
          : fc.constant(undefined);
      // The sign-in routes are public (and signing out would end the admin's session).
      const headers = {
        ...(path.startsWith('/api/auth/') ? {} : { cookie: admin }),
        ...(csv ? { 'content-type': 'text/csv' } : {}),
      };
      await fc.assert(
        fc.asyncProperty(urlOf(path, ids), body, async (url, payload) => {
          const res = await t.app.inject({ method, url, headers, payload: payload as object });
          expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
        }),
        { numRuns: 25, seed: 15 },
      );
    }
  }, 600_000);

  it('refuses a NUL byte or an unpaired surrogate in a search with 400', async () => {
    for (const q of ['%00', '%ED%A0%80', encode('\ud800'), encode('x\udfff')]) {
      expect((await t.get(`/api/valves?q=${q}`)).statusCode).toBeLessThan(500);
    }
    expect((await t.get('/api/valves?q=%00')).statusCode).toBe(400);
  });
});
