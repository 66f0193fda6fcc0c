import { z } from 'zod';

/* The rules of the text, date and version fields every write body is made of: each rule and its message once. */

/**
 * A NUL byte or half a UTF-16 surrogate pair is no text a person typed: PostgreSQL refuses the one and UTF-8
 * cannot carry the other, so both are refused at the contract, with the field named.
 */
const UNSAFE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasUnsafeCharacters = (value: string) => UNSAFE.test(value);
export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL bytes or unpaired surrogates';

export const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .refine((value) => !hasUnsafeCharacters(value), { error: UNSAFE_TEXT_MESSAGE, abort: true })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
export const required = (max: number) => text(max).min(1, { error: 'is required' });
/** Manual texts can be long, but not a database-filling blob. */
export const longText = text(100_000).nullable().optional();
export const version = z.number({ error: 'is required' }).int({ error: 'must be a whole number' }).positive();
export const calendarDate = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
/** A due date: a day (YYYY-MM-DD, meaning the end of that day at the valve's plant) or an instant with its offset. */
export const dueDate = z.union([calendarDate, z.iso.datetime({ offset: true, error: 'must be a date or date-time' })], {
  error: 'must be a date (YYYY-MM-DD) or an ISO date-time',
});
/** A moment as a device sends it: ISO 8601 with its offset. */
export const instant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time with its offset' });
/** A phone's clock may run a little ahead: a minute of leeway before a moment counts as in the future. */
export const CLOCK_LEEWAY_MS = 60_000;
export const isFuture = (at: string) => Date.parse(at) > Date.now() + CLOCK_LEEWAY_MS;
/** A moment that has happened (a minute of leeway for the device's clock). */
export const pastInstant = instant.refine((at) => !isFuture(at), { error: 'must not be in the future' });
