import { RELIABILITY_GROUPS, type ReliabilityGroup } from '@common/schemas/reliability';
import { nameFromUrl } from '@/lib/plants';

/** The report's choices as the address keeps them, so a report is a link (as the cost report's are). */
export type ReliabilityFilters = {
  from?: string;
  to?: string;
  plant?: string;
  type?: string;
  manufacturer?: string;
  groupBy: ReliabilityGroup;
};

export const FILTER_NAMES = ['from', 'to', 'plant', 'type', 'manufacturer'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters an address holds: a day that is no day, a name the contract could not take or an unknown grouping
 * is left out (the server's default), never sent to be refused.
 */
export function filtersFromUrl(params: URLSearchParams): ReliabilityFilters {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : undefined;
  };
  const name = (key: string) => nameFromUrl(params.get(key)) || undefined;
  const groupBy = params.get('groupBy') ?? '';
  return {
    from: day('from'),
    to: day('to'),
    plant: name('plant'),
    type: name('type'),
    manufacturer: name('manufacturer'),
    groupBy: (RELIABILITY_GROUPS as readonly string[]).includes(groupBy) ? (groupBy as ReliabilityGroup) : 'plant',
  };
}

/** The filters the server's reads and the export take (everything but the grouping). */
export function scopeOf({ groupBy: _shownBy, ...scope }: ReliabilityFilters) {
  return scope;
}
