/*
 * A moment as a datetime-local field holds it: the device's wall clock to the minute ("2026-03-04T14:05"), which is
 * what a technician reads off the plant clock. Sent as the instant it means, with its offset (UTC's Z).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant (or a Date) as a datetime-local value in the device's zone; '' for none. */
export function toLocalInput(at: string | Date | null | undefined): string {
  if (!at) return '';
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as the ISO instant it means; undefined when empty or unreadable (the contract says which). */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
