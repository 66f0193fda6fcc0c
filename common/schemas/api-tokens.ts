import { z } from 'zod';
import { isoDateTime } from './params';

/** What a token may do: `read` answers GET requests; `write` also POST, PUT, PATCH and DELETE. */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every API token starts with this, so a leaked one is recognised (by people and by secret scanners). */
export const API_TOKEN_PREFIX = 'vo_';

export const createApiTokenBody = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(100, { error: 'must be at most 100 characters' }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: `must be one of: ${API_TOKEN_SCOPES.join(', ')}` }), {
      error: 'is required',
    })
    .min(1, { error: 'needs at least one scope' })
    .transform((scopes) => [...new Set(scopes)]),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 date and time' })
    .refine((value) => Date.parse(value) > Date.now(), { error: 'must be in the future' })
    .nullish(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

/** A token as listed: never its secret, only the prefix that tells it apart. */
export const apiToken = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  prefix: z.string(),
  expiresAt: isoDateTime.nullable(),
  lastUsedAt: isoDateTime.nullable(),
  /** The address of the last request made with it. */
  lastUsedFrom: z.string().nullable(),
  createdAt: isoDateTime,
  /** The name of the admin who made it; the token acts as them. */
  createdBy: z.string(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** The answer to a creation: the only time the secret is shown. */
export const createdApiToken = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  expiresAt: isoDateTime.nullable(),
  token: z.string(),
});
export type CreatedApiToken = z.infer<typeof createdApiToken>;
