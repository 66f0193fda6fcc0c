import { TEXTS } from '@common/texts';
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';

type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  onSearch: (text: string) => void;
  /** What is searched, for screen readers; valves unless said. */
  label?: string;
  placeholder?: string;
};

/**
 * The search field of the dashboard, the Valve Database and the spare parts: Enter or the button submits the trimmed
 * text.
 */
export function SearchBox({
  value,
  onChange,
  onSearch,
  label = 'Search valves',
  placeholder = TEXTS.dashboard.searchPlaceholder,
}: SearchBoxProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex gap-2">
        <label className="relative min-w-0 flex-1">
          <span className="sr-only">{label}</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            type="search"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder={placeholder}
            enterKeyHint="search"
            className="h-12 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base placeholder:text-slate-500"
          />
        </label>
        <Button type="submit" variant="secondary" size="icon" className="size-12" aria-label="Search">
          <Search className="size-5" aria-hidden="true" />
        </Button>
      </form>
    </search>
  );
}
