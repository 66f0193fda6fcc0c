import type { Response as InjectResponse } from 'light-my-request';
import type { Persona, TestContext } from './test-app';

/** A JSON write as a persona (the supervisor unless told otherwise), with an optional Idempotency-Key. */
export async function send(
  t: TestContext,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  options: { as?: Persona; idempotencyKey?: string } = {},
): Promise<InjectResponse> {
  const headers: Record<string, string> = { cookie: await t.cookie(options.as ?? 'supervisor') };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  return t.app.inject({ method, url, payload: payload as object, headers });
}
