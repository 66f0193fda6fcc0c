import { WORK_ORDER_PRIORITIES } from '@common/constants';
import { REVIEW_STAGES, type ReviewStage, workOrderStatusStyle } from '@common/status-styles';
import { Search, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { FILTER_STATUSES, SORTS, type WorkOrderFilters, type WorkOrderSort } from '../work-order-filters';

const selectClasses =
  'h-12 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 disabled:opacity-50';

const SORT_LABELS: Record<WorkOrderSort, string> = {
  newest: 'Newest first',
  due: 'Due date (soonest)',
  priority: 'Priority (high first)',
};

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className={selectClasses}>
      {children}
    </select>
  );
}

type Props = {
  filters: WorkOrderFilters;
  onChange: (filters: WorkOrderFilters) => void;
  onClear: () => void;
  /** The plants the filter offers: the user's (all when not limited), the chosen one included. */
  plants: readonly string[];
  assignees: { id: number; name: string }[];
};

/** Search, filters and sort of the work order list; native selects, as the valve list has, for gloved hands. */
export function WorkOrderTools({ filters, onChange, onClear, plants, assignees }: Props) {
  const [text, setText] = useState(filters.q);
  useEffect(() => setText(filters.q), [filters.q]);
  const set = (change: Partial<WorkOrderFilters>) => onChange({ ...filters, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: text.trim() });
  };
  return (
    <div className="mb-3 grid gap-2">
      <search>
        <form onSubmit={submit} className="flex gap-2">
          <label className="relative min-w-0 flex-1">
            <span className="sr-only">Search work orders</span>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Search number, title, valve, person…"
              enterKeyHint="search"
              className="h-12 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base placeholder:text-slate-500"
            />
          </label>
          <Button type="submit" variant="secondary" className="shrink-0">
            Search
          </Button>
        </form>
      </search>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-3 lg:grid-cols-6">
        <Select label="Plant" value={filters.plant} onChange={(plant) => set({ plant })}>
          <option value="">All Plants</option>
          {plants.map((plant) => (
            <option key={plant}>{plant}</option>
          ))}
        </Select>
        <Select label="Assignee" value={filters.assignee} onChange={(assignee) => set({ assignee })}>
          <option value="">Anyone</option>
          <option value="me">Assigned to me</option>
          <option value="none">Unassigned</option>
          {assignees.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.name}
            </option>
          ))}
        </Select>
        <Select label="Priority" value={filters.priority} onChange={(priority) => set({ priority })}>
          <option value="">Any priority</option>
          {WORK_ORDER_PRIORITIES.map((priority) => (
            <option key={priority} value={priority} className="capitalize">
              {priority.charAt(0).toUpperCase() + priority.slice(1)}
            </option>
          ))}
        </Select>
        <Select label="Status" value={filters.status} onChange={(status) => set({ status })}>
          <option value="">Any status</option>
          {FILTER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status in REVIEW_STAGES
                ? `${REVIEW_STAGES[status as ReviewStage].label} (completed)`
                : workOrderStatusStyle(status).label}
            </option>
          ))}
        </Select>
        <Select label="Sort" value={filters.sort} onChange={(sort) => set({ sort: sort as WorkOrderSort })}>
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </Select>
        <label
          className={cn(
            'flex h-12 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-base',
            filters.overdue && 'border-red-400 bg-red-50',
          )}
        >
          <input
            type="checkbox"
            checked={filters.overdue}
            onChange={(e) => set({ overdue: e.target.checked })}
            className="size-5"
          />
          Overdue only
        </label>
      </div>
      <div>
        <Button variant="outline" size="sm" onClick={onClear}>
          <X className="size-4" aria-hidden="true" />
          Clear filters
        </Button>
      </div>
    </div>
  );
}
