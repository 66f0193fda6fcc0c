import { VALVE_STATUSES } from '@common/constants';
import { nameFromUrl } from '@/lib/plants';
import type { ValveFilters } from './api/get-valves';

export const ALL = 'all';

export const NO_FILTERS: ValveFilters = { plant: ALL, type: ALL, status: ALL, q: '' };

function oneOf(value: string | null, allowed: readonly string[]): string {
  return value !== null && allowed.includes(value) ? value : ALL;
}

/**
 * The filters a URL holds. A value the server would reject (an old bookmark, a typo) reads as "all",
 * so a link never lands on an error instead of a list. Plants and types are the organization's data: any name
 * the contract takes is read, and one no valve has finds none.
 */
export function readValveFilters(search: URLSearchParams): ValveFilters {
  return {
    plant: nameFromUrl(search.get('plant')) || ALL,
    type: nameFromUrl(search.get('type')) || ALL,
    status: oneOf(search.get('status'), VALVE_STATUSES),
    q: (search.get('q') ?? '').trim(),
  };
}

/** The URL form of the filters: only what narrows the list, so a clear list has a clean /valves. */
export function writeValveFilters(filters: ValveFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value && value !== ALL) search.set(name, value);
  }
  return search;
}

export function isFiltered(filters: ValveFilters): boolean {
  return writeValveFilters(filters).size > 0;
}
