import { HttpError } from '../../plugins/errors';

/*
 * What the tag and device imports (issue 32) share beyond every kind's row checks (modules/imports): keys matched
 * regardless of case, and a domain check's refusal as a row's message.
 */

export const CHUNK = 500;

/** Records by key: the exact spelling first, else the one that differs only in case (PSV-101 is psv-101). */
export function byKey<T>(records: readonly T[], keyOf: (record: T) => string) {
  const exact = new Map(records.map((r) => [keyOf(r), r]));
  const lowered = new Map(records.map((r) => [keyOf(r).toLowerCase(), r]));
  return (key: string) => exact.get(key) ?? lowered.get(key.toLowerCase());
}

/** The message of a domain check's 400 (invalidField), or null when the check passes. */
export function complaintOf(check: () => void): { field: string; message: string } | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
    const issue = error.extra.issues?.[0];
    return { field: issue?.path ?? '', message: issue?.message ?? error.message };
  }
}
