/**
 * Plan dates are the plant's days (YYYY-MM-DD), never instants: they are shown as they are, and the plant's zone is
 * named where the viewer's differs, so "Dec 6" means the same day to a supervisor abroad as at the plant.
 */

/** The day it is now at the plant (en-CA formats a date as YYYY-MM-DD). */
export const plantToday = (timeZone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Chicago time" for America/Chicago: the city, as people say it. */
export const zoneWords = (timeZone: string) => `${(timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ')} time`;

/** The plant zones among `zones` that differ from the viewer's, to name beside their days (none when all agree). */
export function zonesToName(zones: Iterable<string>, viewer = viewerZone()): string[] {
  return [...new Set(zones)].filter((zone) => zone !== viewer).sort();
}
