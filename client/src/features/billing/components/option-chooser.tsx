import { cn } from '@/lib/cn';

type Option<T extends string> = { value: T; label: string; detail: string };

/** A radio list of large tap targets: the package on /checkout, the plan on /subscribe. */
export function OptionChooser<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: Option<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-lg font-bold text-slate-900">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border bg-white px-4 py-3',
            value === option.value ? 'border-2 border-brand-600' : 'border-slate-300',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="size-5 shrink-0 accent-brand-600"
          />
          <span className="min-w-0 flex-1 text-base font-semibold text-slate-900">{option.label}</span>
          <span className="shrink-0 text-base font-semibold text-slate-700">{option.detail}</span>
        </label>
      ))}
    </fieldset>
  );
}
