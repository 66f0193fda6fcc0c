import { TEXTS } from '@common/texts';
import { ChevronRight, Search } from 'lucide-react';
import { type FormEvent, type Ref, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { useValveSuggestions } from '../api/valve-suggestions';

const T = TEXTS.scanner;

/**
 * Spec §2.9 / §5: a typed valve ID, trimmed; an empty one does nothing. Enter submits, as does the button. From
 * two characters on, the valves that match are offered below as big buttons (offline too, from the kept list).
 */
export function ValveIdEntry({
  onSubmit,
  inputRef,
}: {
  onSubmit: (valveId: string) => void;
  /** Lets the dialog put the cursor here when the camera cannot be used. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [value, setValue] = useState('');
  const id = useId();
  const q = useDebouncedValue(value.trim());
  const suggestions = useValveSuggestions(q);
  const offered =
    q.length >= 2 ? (suggestions.data?.items ?? []).filter((v) => v.valveId.toUpperCase() !== q.toUpperCase()) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valveId = value.trim();
    if (valveId) onSubmit(valveId);
  };
  return (
    <form onSubmit={submit} className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        {T.entryLabel}
      </label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={T.entryPlaceholder}
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          // The spec's placeholder is long for a 360 px phone: a smaller placeholder keeps it whole.
          className="placeholder:text-sm"
        />
        <Button type="submit" variant="secondary" size="icon" className="size-12" aria-label={T.lookUp}>
          <Search className="size-5" aria-hidden="true" />
        </Button>
      </div>
      {offered.length > 0 ? (
        <ul aria-label="Suggested valves" className="mt-1 grid gap-1">
          {offered.map((valve) => (
            <li key={valve.id}>
              <button
                type="button"
                onClick={() => {
                  setValue(valve.valveId);
                  onSubmit(valve.valveId);
                }}
                className="flex min-h-12 w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-left hover:bg-slate-50 active:bg-slate-100"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-bold text-slate-900">{valve.valveId}</span>
                  <span className="block truncate text-sm text-slate-600">
                    {valve.type} · {valve.plant}
                  </span>
                </span>
                <ChevronRight className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
