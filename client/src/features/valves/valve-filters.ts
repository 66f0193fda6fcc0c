import { VALVE_STATUSES } from '@common/constants';
import { nameFromUrl } from '@/lib/plants';
import type { ValveFilters } from './api/get-valves';

export const ALL = 'all';

export const NO_FILTERS: ValveFilters = { plant: ALL, type: ALL, status: ALL, q: '' };

function oneOf(value: string | null, allowed: readonly string[]): string {
  return value !== null && allowed.includes(value) ? value : ALL;
}

/**
 * An area or system name from a URL (the plant tree links here), as the contract takes it (areaName, systemName in
 * common/schemas/plant-tree.ts: an area at most 200 characters and no comma, a system at most 100), else ''.
 */
function placeFromUrl(value: string | null, place: 'area' | 'system'): string {
  const name = value?.trim() ?? '';
  if (place === 'area') return name.length <= 200 && !name.includes(',') ? name : '';
  return name.length <= 100 ? name : '';
}

/**
 * The filters a URL holds. A value the server would reject (an old bookmark, a typo) reads as "all",
 * so a link never lands on an error instead of a list. Plants and types are the organization's data: any name
 * the contract takes is read, and one no valve has finds none.
 */
export function readValveFilters(search: URLSearchParams): ValveFilters {
  const area = placeFromUrl(search.get('area'), 'area');
  const system = placeFromUrl(search.get('system'), 'system');
  return {
    plant: nameFromUrl(search.get('plant')) || ALL,
    // Only when the URL names them, so a list without them keeps its key and its tests their shape.
    ...(area && { area }),
    ...(system && { system }),
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

/**
 * The filters after a change in the bar: a different plant drops the area and system, which name places in the
 * plant that was chosen and would leave the new one's list empty.
 */
export function nextValveFilters(current: ValveFilters, next: ValveFilters): ValveFilters {
  if (next.plant === current.plant) return next;
  const { area: _area, system: _system, ...rest } = next;
  return rest;
}

export type PlaceFilter = 'area' | 'system';

/** The place filters set, in the order their chips show: the area, then the system. */
export function placeFilters(filters: ValveFilters): { key: PlaceFilter; name: string }[] {
  return (['area', 'system'] as const).flatMap((key) => {
    const name = filters[key];
    return name ? [{ key, name }] : [];
  });
}

/** The filters with one place filter taken off (its chip's ×). */
export function withoutPlace(filters: ValveFilters, key: PlaceFilter): ValveFilters {
  const { [key]: _removed, ...rest } = filters;
  return rest;
}

export function isFiltered(filters: ValveFilters): boolean {
  return writeValveFilters(filters).size > 0;
}
