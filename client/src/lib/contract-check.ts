import type { ZodType } from 'zod';
import type { ApiIssue } from './api-error';

/** A write body as the contract reads it (trimmed, defaults filled in), or the contract's issues with it. */
export type Checked<Body> = { body: Body; issues: [] } | { body: null; issues: ApiIssue[] };

/**
 * Checks a form's body against the endpoint's common/ schema, so a form refuses with the rule and the message the
 * server would answer with (and in the same shape as its 400, so both are placed on the fields the same way).
 */
export function checkAgainst<Body>(schema: ZodType<Body>, body: unknown): Checked<Body> {
  const result = schema.safeParse(body);
  if (result.success) return { body: result.data, issues: [] };
  return { body: null, issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
}

/**
 * A form's text with its empty boxes left out, so the contract says a required field 'is required' rather than
 * judging the empty text (an empty email box is a missing email, not a malformed one).
 */
export function withoutBlanks<Values extends Record<string, unknown>>(values: Values): Partial<Values> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => !(typeof value === 'string' && value.trim() === '')),
  ) as Partial<Values>;
}

/** A form's common/ schema file, loaded when the form opens (see lazySchemas). */
export type LazySchemas<Schemas> = ReturnType<typeof lazySchemas<Schemas>>;

/**
 * The common/ schemas of a form, loaded when a form first opens rather than with the app: zod would add 84 kB to
 * the main bundle (measured), which every screen's first paint waits for. The service worker precaches the chunk
 * like every other, so forms check offline too.
 */
export function lazySchemas<Schemas>(load: () => Promise<Schemas>) {
  let loading: Promise<Schemas> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    /** Start loading (a form has opened), so the check is ready when the user submits. */
    preload: () => void get().catch(() => {}),
    /**
     * Checks the body with the schema `pick` chooses. If the schemas cannot be had (offline before the service
     * worker has stored them), the body goes as it is and the server judges it: a write is never held back.
     */
    async check<Body, Input>(
      pick: (schemas: Schemas) => ZodType<Body, Input>,
      body: Partial<Input>,
    ): Promise<Checked<Body>> {
      let schemas: Schemas;
      try {
        schemas = await get();
      } catch (error) {
        console.warn('could not load the form checks; the server will check', error);
        // What the form built is what the contract reads, but for trimming and defaults, which the server applies.
        return { body: body as unknown as Body, issues: [] };
      }
      return checkAgainst(pick(schemas), body);
    },
  };
}
