import type { ImportReport } from '@common/schemas/imports';
import { Select } from '@/components/ui/select';
import { IMPORT_TEXTS } from '../texts';

type Props = {
  report: ImportReport;
  mapping: Record<string, string>;
  onChange: (mapping: Record<string, string>) => void;
  disabled: boolean;
};

/**
 * Each column of the file with the field it fills and its first values, so a person sees "Make" holds makers before
 * choosing Manufacturer. One card per column: on a phone they stack; on a wide screen they wrap.
 */
export function ColumnMapping({ report, mapping, onChange, disabled }: Props) {
  const taken = new Set(Object.values(mapping));
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {report.columns.map((column, index) => {
        const id = `map-${index}`;
        const field = mapping[column] ?? '';
        return (
          <li key={column || index} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
            <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
              {column || `Column ${index + 1}`}
            </label>
            <Select
              id={id}
              className="mt-1 w-full"
              value={field}
              disabled={disabled}
              onChange={(event) => {
                const next = { ...mapping };
                delete next[column];
                if (event.target.value) next[column] = event.target.value;
                onChange(next);
              }}
            >
              <option value="">{IMPORT_TEXTS.notImported}</option>
              {report.fields.map((f) => (
                <option key={f.name} value={f.name} disabled={taken.has(f.name) && f.name !== field}>
                  {f.label}
                  {f.requiredForNew ? ' *' : ''}
                </option>
              ))}
            </Select>
            <p className="mt-2 truncate text-sm text-slate-600">
              {report.preview
                .map((row) => row[index])
                .filter(Boolean)
                .slice(0, 3)
                .join(' · ') || '—'}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
