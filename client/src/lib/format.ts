/** Date display for every screen: the browser's locale through Intl, so no date library ships to the phone. */
import { plantDay } from '@common/plant-days';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
// Calendar dates (YYYY-MM-DD) name a day, not an instant: format them in UTC so no time zone moves the day.
const calendarFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parse(value: string): Date | null {
  const date = new Date(CALENDAR_DATE.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day: "Mar 4, 2026". Calendar dates and timestamps alike; null or unreadable gives the fallback. */
export function formatDate(value: string | null | undefined, fallback = 'N/A'): string {
  if (!value) return fallback;
  const date = parse(value);
  if (!date) return fallback;
  return CALENDAR_DATE.test(value) ? calendarFormat.format(date) : dayFormat.format(date);
}

/**
 * A due date as the day it is at the valve's plant ("Dec 7, 2026"): a work order due at the end of Dec 7 in Chicago
 * is due on Dec 7 to a supervisor in Berlin too, where that instant is already Dec 8. `zone` is the plant's
 * (`plantZone` of lib/plants).
 */
export function formatPlantDay(value: string | null | undefined, zone: string, fallback = 'N/A'): string {
  if (!value || CALENDAR_DATE.test(value) || !parse(value)) return formatDate(value, fallback);
  return formatDate(plantDay(value, zone), fallback);
}

/** A moment: "Mar 4, 2026, 2:05 PM". */
export function formatDateTime(value: string | null | undefined, fallback = 'N/A'): string {
  if (!value) return fallback;
  const date = parse(value);
  return date ? dateTimeFormat.format(date) : fallback;
}

/**
 * The day it is where the device is, as a date field holds it (YYYY-MM-DD): the default of "tested on", "starts on".
 * Not `toISOString()`, whose day is UTC's: in the evening in the Americas that is already tomorrow.
 */
export function localDay(at = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** "1 valve", "3 valves": a count with its noun (plural by "s" unless given). */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/** A file size as people read it: 512 B, 48 KB, 2.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const quantityFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });

/** A quantity on the shelf with its unit: "12 each", "2.5 m". Up to three decimals, as the ledger keeps. */
export function formatQuantity(quantity: number, unit?: string): string {
  const figure = quantityFormat.format(quantity);
  return unit ? `${figure} ${unit}` : figure;
}

/** A price in the organization's currency: "$1,240.50", "€86.00". An unknown code shows as the code. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
