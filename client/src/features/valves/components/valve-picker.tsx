import { Check, Gauge, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/components/use-debounced-value';
import type { ValvePickerProps } from '@/components/valve-picker-slot';
import { useValveSearch } from '../api/get-valves';
import { ValveSearchStatus } from './valve-search-status';
import { ValveStatusBadge } from './valve-status-badge';

/** How many matches a picker asks for: enough to scroll through, small enough to come back at once. */
const PICKER_LIMIT = 20;

/** Choose a valve by typing part of its ID, model or system; each match is a big button. */
export function ValvePicker({ value, onChange, error, allowDecommissioned = false }: ValvePickerProps) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const search = useValveSearch(q, PICKER_LIMIT, value === null);

  if (value) {
    return (
      <div className="grid gap-1.5">
        <p className="text-base font-semibold text-slate-900">Valve</p>
        <div className="flex items-center gap-3 rounded-lg border border-brand-600 bg-brand-50 p-3">
          <Check className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="text-lg font-bold text-slate-900" data-testid="chosen-valve">
              {value.valveId}
            </p>
            <p className="text-sm break-words text-slate-700">
              {value.type} · {value.plant} — {value.location}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => onChange(null)}>
            Change<span className="sr-only"> valve</span>
          </Button>
        </div>
      </div>
    );
  }

  const items = search.data?.items ?? [];
  return (
    <div className="grid gap-2">
      <Field label="Valve" required error={error} hint="Type part of the valve ID, model or system.">
        {(control) => (
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              {...control}
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="e.g. V-001, Fisher, Feedwater"
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              className="pl-10"
            />
          </div>
        )}
      </Field>
      <div aria-live="polite" className="text-sm text-slate-600">
        <ValveSearchStatus search={search} />
      </div>
      {items.length > 0 ? (
        <ul
          aria-label="Matching valves"
          className="grid max-h-80 gap-1.5 overflow-y-auto overscroll-contain rounded-lg border border-slate-200 bg-slate-50 p-1.5"
        >
          {items.map((valve) => {
            const closed = valve.status === 'decommissioned' && !allowDecommissioned;
            return (
              <li key={valve.id}>
                <button
                  type="button"
                  disabled={closed}
                  onClick={() => onChange(valve)}
                  className="flex min-h-14 w-full items-center gap-3 rounded-lg bg-white px-3 py-2 text-left ring-1 ring-slate-200 hover:ring-brand-600 active:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <Gauge className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    {/* The tag never breaks: on a narrow phone the badge wraps under it instead. */}
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="text-base font-bold whitespace-nowrap text-slate-900">{valve.valveId}</span>
                      <ValveStatusBadge status={valve.status} />
                    </span>
                    <span className="block text-sm break-words text-slate-600">
                      {valve.type} · {valve.plant} — {valve.location}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
