import { VALVE_STATUSES } from '@common/constants';
import { TEXTS } from '@common/texts';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SearchBox } from '@/components/search-box';
import { Button } from '@/components/ui/button';
import { filterPlantNames, filterTypeNames, usePlants, useValveTypes } from '@/lib/plants';
import { useSession } from '@/lib/session/session-query';
import type { ValveFilters } from '../api/get-valves';
import { ALL } from '../valve-filters';

const selectClasses =
  'h-12 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 disabled:opacity-50';

type FilterSelectProps = {
  label: string;
  allLabel: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
};

function FilterSelect({ label, allLabel, options, value, onChange }: FilterSelectProps) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={selectClasses}
    >
      <option value={ALL}>{allLabel}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

type ValveFilterBarProps = { filters: ValveFilters; onChange: (filters: ValveFilters) => void; onClear: () => void };

/** Spec §2.4: native selects (the phone's own picker is the best one for gloves), search text and Clear. */
export function ValveFilterBar({ filters, onChange, onClear }: ValveFilterBarProps) {
  const [text, setText] = useState(filters.q);
  // The URL is the source of truth: follow it when it changes elsewhere (Clear, back button, dashboard search).
  useEffect(() => setText(filters.q), [filters.q]);
  // A user limited to some plants is offered only those, and every user the types in use: the others would
  // always show an empty list.
  const plants = filterPlantNames(usePlants().data, useSession().data?.plants ?? [], filters.plant);
  const types = filterTypeNames(useValveTypes().data, filters.type);

  return (
    <div className="grid gap-2">
      <SearchBox value={text} onChange={setText} onSearch={(q) => onChange({ ...filters, q })} />
      <div className="grid grid-cols-2 gap-2 md:grid-cols-[1fr_1fr_1fr_auto]">
        <FilterSelect
          label="Plant"
          allLabel={TEXTS.valves.allPlants}
          options={plants}
          value={filters.plant}
          onChange={(plant) => onChange({ ...filters, plant })}
        />
        <FilterSelect
          label="Type"
          allLabel={TEXTS.valves.allTypes}
          options={types}
          value={filters.type}
          onChange={(type) => onChange({ ...filters, type })}
        />
        <FilterSelect
          label="Status"
          allLabel={TEXTS.valves.allStatus}
          options={VALVE_STATUSES}
          value={filters.status}
          onChange={(status) => onChange({ ...filters, status })}
        />
        <Button variant="outline" onClick={onClear}>
          <X className="size-5" aria-hidden="true" />
          {TEXTS.valves.clear}
        </Button>
      </div>
    </div>
  );
}
