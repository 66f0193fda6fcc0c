import { z } from 'zod';
import { MAX_ID } from '../constants';

export const recordId = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be a positive number' })
  .max(MAX_ID, { error: 'is too large' });

export const idParams = z.object({ id: recordId });

/** `?limit=`: how many of a list to answer with, 1 to `max`. */
export const listLimit = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(max, { error: `must be at most ${max}` });
export type IdParams = z.infer<typeof idParams>;

/** ISO-8601 timestamp as sent on the wire. */
export const isoDateTime = z.string();
/** Calendar date, YYYY-MM-DD. */
export const isoDate = z.string();

export const errorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** On a 409 for a stale version: the record as it is now, so the user can re-apply their change to it. */
  current: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
