/**
 * A plant's calendar days: a date without a time ("due on the 14th", "starts on the 1st") is a day where the valve
 * is, ending at that day's midnight in the plant's zone, whatever DST does to the offset and wherever the viewer is.
 */

/** Whether Intl knows the IANA zone (a plant's zone is data an admin types or picks). */
export function isKnownTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
}

/** One formatter per zone: Intl's formatters are slow to make and quick to use. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, instant: number) {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  const out: Record<string, number> = {};
  for (const p of formatter.formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** The zone's offset from UTC at an instant, in milliseconds (the plant's wall clock minus UTC). */
function offsetAt(zone: string, instant: number): number {
  const p = partsIn(zone, instant);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

const DAY_MS = 86_400_000;
/** A day as the instant of its midnight in UTC: calendar arithmetic is done on these. */
export const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The instant a plant's day ends: due "on the 14th" is not late until the 14th is over where the valve is. The
 * next midnight's offset is read twice, so a DST change that day is taken into account.
 */
export function endOfPlantDay(day: string, timeZone: string): Date {
  const nextMidnight = utcMidnight(day) + DAY_MS;
  const guess = nextMidnight - offsetAt(timeZone, nextMidnight);
  return new Date(nextMidnight - offsetAt(timeZone, guess) - 1);
}

/** The plant's calendar day an instant falls on (YYYY-MM-DD). */
export function plantDay(instant: Date | string, timeZone: string): string {
  const p = partsIn(timeZone, new Date(instant).getTime());
  return dayOf(Date.UTC(p.year, p.month - 1, p.day));
}

/** A moment as a zone's clock shows it, with the zone named: "2026-11-27 09:50 CST". */
export function dateTimeIn(at: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  })
    .format(new Date(at))
    .replace(',', '');
}
