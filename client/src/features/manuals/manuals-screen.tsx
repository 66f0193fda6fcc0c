import { ALL, filterManuals, type ManualFilters, NO_MANUAL_FILTERS } from '@common/manuals/filter';
import { EMERGENCY_RESPONSE_KIT, MANUAL_LIBRARY } from '@common/manuals/library';
import { MANUAL_CATEGORIES, MANUAL_STANDARDS } from '@common/schemas/manuals';
import { TEXTS } from '@common/texts';
import { Search, Siren } from 'lucide-react';
import { useId, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DownloadButton } from './components/download-button';
import { ManualCard } from './components/manual-card';

const T = TEXTS.manuals;
const KINDS = ['valve', 'nozzle'] as const;

/**
 * Spec §2.19: the built-in library, searchable and filtered by category and standard, in two tabs. The library
 * ships with the app, so it is all here offline; the PDFs come from the server.
 */
export function ManualsScreen() {
  const [filters, setFilters] = useState<ManualFilters>(NO_MANUAL_FILTERS);
  const set = (change: Partial<ManualFilters>) => setFilters((current) => ({ ...current, ...change }));
  const shown = filterManuals(MANUAL_LIBRARY, filters);

  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <PageHeader title={T.title} />
      <EmergencyKit />

      <search className="mt-4 grid items-end gap-2 sm:grid-cols-[1fr_auto]">
        <label className="relative">
          <span className="sr-only">Search manuals</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            type="search"
            value={filters.text}
            onChange={(event) => set({ text: event.target.value })}
            placeholder={T.searchPlaceholder}
            className="h-12 w-full rounded-lg border border-slate-400 bg-white pr-3 pl-10 text-base placeholder:text-slate-500"
          />
        </label>
        <div className="grid grid-cols-2 gap-2 sm:w-96">
          <FilterSelect
            label={T.category}
            options={MANUAL_CATEGORIES}
            value={filters.category}
            onChange={(category) => set({ category })}
          />
          <FilterSelect
            label={T.standard}
            options={MANUAL_STANDARDS}
            value={filters.standard}
            onChange={(standard) => set({ standard })}
          />
        </div>
      </search>

      <Tabs defaultValue="valve" className="mt-4">
        <TabsList aria-label="Manual kinds">
          {KINDS.map((kind) => (
            <TabsTrigger key={kind} value={kind} className="px-2">
              {T.tabs[kind]} ({shown.filter((m) => m.kind === kind).length})
            </TabsTrigger>
          ))}
        </TabsList>
        {KINDS.map((kind) => {
          const manuals = shown.filter((m) => m.kind === kind);
          return (
            <TabsContent key={kind} value={kind}>
              {manuals.length === 0 ? (
                <EmptyState>{T.empty}</EmptyState>
              ) : (
                <ul aria-label={T.tabs[kind]} className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
                  {manuals.map((manual) => (
                    <li key={manual.id}>
                      <ManualCard manual={manual} />
                    </li>
                  ))}
                </ul>
              )}
            </TabsContent>
          );
        })}
      </Tabs>
      <p className="mt-4 rounded-xl bg-slate-800 p-4 text-base font-semibold text-white">
        {TEXTS.dashboard.manualFooter}
      </p>
    </>
  );
}

/** Emergency procedures stay one tap away whatever the filters say. */
function EmergencyKit() {
  const kit = EMERGENCY_RESPONSE_KIT;
  return (
    <section
      aria-label={kit.title}
      className="flex flex-wrap items-center gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-950"
    >
      <Siren className="size-6 shrink-0 text-red-700" aria-hidden="true" />
      <div className="min-w-0 flex-1 basis-48">
        <h2 className="text-base font-bold">{kit.title}</h2>
        <p className="text-sm">
          {kit.description} {kit.pages} pages · {kit.downloadSize} · version {kit.version}
        </p>
      </div>
      <DownloadButton manual={kit} className="w-auto basis-full sm:basis-auto" />
    </section>
  );
}

type FilterSelectProps = {
  label: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
};

/** 'All' first, then the choices (spec §2.19). */
function FilterSelect({ label, options, value, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        {label}
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {[ALL, ...options].map((option) => (
          <option key={option}>{option}</option>
        ))}
      </Select>
    </div>
  );
}
