import { cn } from '@/lib/cn';

type Props<Value extends string> = {
  /** The radio group's name: the cards of one choice share it. */
  name: string;
  value: Value;
  checked: boolean;
  title: string;
  hint: string;
  onChange: (value: Value) => void;
};

/** One option of a choice between a few, as a card a gloved thumb can hit: a radio, its title and what it means. */
export function ChoiceCard<Value extends string>({ name, value, checked, title, hint, onChange }: Props<Value>) {
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5',
        checked ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="mt-0.5 size-6 shrink-0 accent-brand-700"
      />
      <span>
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </label>
  );
}
