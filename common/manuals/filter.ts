import type { Manual } from '../schemas/manuals';

/** 'All' (any case) switches a filter off (spec §5). */
export const ALL = 'All';

export type ManualFilters = { text: string; category: string; standard: string };
export const NO_MANUAL_FILTERS: ManualFilters = { text: '', category: ALL, standard: ALL };

const isAll = (value: string) => value.trim() === '' || value.toLowerCase() === ALL.toLowerCase();

/**
 * Spec §5: the text matches title, type or description case-insensitively; the category matches exactly; a
 * standard matches when any compliance entry contains it.
 */
export function filterManuals(manuals: readonly Manual[], filters: ManualFilters): Manual[] {
  const text = filters.text.trim().toLowerCase();
  return manuals.filter(
    (m) =>
      (text === '' || [m.title, m.type, m.description].some((field) => field.toLowerCase().includes(text))) &&
      (isAll(filters.category) || m.category === filters.category) &&
      (isAll(filters.standard) || m.compliance.some((entry) => entry.includes(filters.standard))),
  );
}
