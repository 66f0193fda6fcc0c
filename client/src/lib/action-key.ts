/**
 * One Idempotency-Key per user action, reused by every retry of it, so a change sent twice lands once.
 * getRandomValues, not randomUUID: the latter exists only on HTTPS, and plant networks often serve plain HTTP.
 */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
