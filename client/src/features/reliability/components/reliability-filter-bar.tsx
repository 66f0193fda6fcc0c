import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import {
  filterPlantNames,
  filterTypeNames,
  useManufacturers,
  usePlants,
  useValveTypes,
  withChosen,
} from '@/lib/plants';
import { useSession } from '@/lib/session/session-query';
import type { FilterName, ReliabilityFilters } from '../reliability-filters';
import { RELIABILITY_TEXTS } from '../texts';

const T = RELIABILITY_TEXTS.report;

/** The period and the valves in scope: native date fields and selects, two to a row on a phone. */
export function ReliabilityFilterBar({
  filters,
  period,
  onChoose,
}: {
  filters: ReliabilityFilters;
  /** The period the server chose when none is in the address (the last twelve months), shown in the date fields. */
  period?: { from: string; to: string };
  onChoose: (name: FilterName, value: string) => void;
}) {
  const plants = filterPlantNames(usePlants().data, useSession().data?.plants ?? [], filters.plant);
  const types = filterTypeNames(useValveTypes().data, filters.type);
  const makers = withChosen(
    (useManufacturers().data ?? []).map((maker) => maker.name),
    filters.manufacturer,
  );
  const choice = (name: 'plant' | 'type' | 'manufacturer', label: string, all: string, names: string[]) => (
    <Field label={label}>
      {(control) => (
        <Select {...control} value={filters[name] ?? ''} onChange={(event) => onChoose(name, event.target.value)}>
          <option value="">{all}</option>
          {names.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </Select>
      )}
    </Field>
  );
  return (
    <div className="mb-4 grid grid-cols-2 items-end gap-3 lg:grid-cols-5">
      {(['from', 'to'] as const).map((name) => (
        <Field key={name} label={T[name]}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters[name] ?? period?.[name] ?? ''}
              onChange={(event) => onChoose(name, event.target.value)}
            />
          )}
        </Field>
      ))}
      {choice('plant', T.plant, T.allPlants, plants)}
      {choice('type', T.type, T.allTypes, types)}
      <div className="col-span-2 lg:col-span-1">
        {choice('manufacturer', T.manufacturer, T.allManufacturers, makers)}
      </div>
    </div>
  );
}
