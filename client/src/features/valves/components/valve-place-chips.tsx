import { X } from 'lucide-react';
import type { ValveFilters } from '../api/get-valves';
import { VALVE_WRITE_TEXTS } from '../texts';
import { type PlaceFilter, placeFilters } from '../valve-filters';

const T = VALVE_WRITE_TEXTS.chips;

type ValvePlaceChipsProps = { filters: ValveFilters; onRemove: (key: PlaceFilter) => void };

/**
 * The area and system a plant tree link narrowed the list to. The bar has no control for them, so each is said
 * as a chip, and a tap on it (a whole 44 px chip, not a small ×: gloves) widens the list again.
 */
export function ValvePlaceChips({ filters, onRemove }: ValvePlaceChipsProps) {
  const chips = placeFilters(filters);
  if (chips.length === 0) return null;
  return (
    <ul aria-label={T.label} className="mt-2 flex flex-wrap gap-2">
      {chips.map(({ key, name }) => (
        <li key={key} className="max-w-full">
          <button
            type="button"
            onClick={() => onRemove(key)}
            className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-full border border-brand-600 bg-brand-50 py-1 pr-2 pl-4 text-base font-semibold text-brand-800 hover:bg-brand-100 active:bg-brand-200"
          >
            <span className="min-w-0 text-left break-words">{key === 'area' ? T.area(name) : T.system(name)}</span>
            <span className="sr-only">, {T.remove}</span>
            <X className="size-5 shrink-0" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
