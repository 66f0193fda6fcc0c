import type { ExportFormat, ExportKind } from '@common/schemas/exports';
import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
];

/**
 * Downloads of a list as a file with the filters it shows (GET /api/exports/:kind, decisions/107): plain links, so
 * the browser streams the file to disk and the session cookie goes along. `filters` are the server's query names.
 */
export function ExportLinks({
  kind,
  what,
  filters,
}: {
  kind: ExportKind;
  /** What the file holds, in each link's name: "Export work orders as CSV". */
  what: string;
  filters?: Record<string, string | undefined>;
}) {
  const href = (format: ExportFormat) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(filters ?? {})) if (value) search.set(name, value);
    search.set('format', format);
    return `/api/exports/${kind}?${search}`;
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-600" aria-hidden="true">
        Export
      </span>
      {FORMATS.map(({ format, label }) => (
        <a
          key={format}
          href={href(format)}
          download
          aria-label={`Export ${what} as ${label}`}
          className={buttonClasses('outline', 'sm')}
        >
          <Download className="size-4" aria-hidden="true" />
          {label}
        </a>
      ))}
    </div>
  );
}
