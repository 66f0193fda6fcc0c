/** The IANA zones a plant may keep, as the browser knows them: no zone table ships to the phone. */

/** The zone this device is set to (a new organization's first plant is most likely where its admin is). */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The zones to choose from, A to Z, with UTC and the current one always there (a browser's list may leave out
 * UTC, or a zone another browser saved).
 */
export function timeZoneChoices(current: string, known: readonly string[] = supportedZones()): string[] {
  return [...new Set([...known, 'UTC', ...(current ? [current] : [])])].sort((a, b) => a.localeCompare(b));
}

function supportedZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/** "America/North_Dakota/New_Salem" as people read it: "America / North Dakota / New Salem". */
export const zoneLabel = (zone: string): string => zone.replaceAll('_', ' ').replaceAll('/', ' / ');
