import { PLANTS, type Plant } from '@common/constants';
import { errorSentence } from '@/components/ui/field';
import { USER_TEXTS } from '../texts';

type PlantCheckboxesProps = {
  legend: string;
  value: readonly string[];
  onChange: (plants: Plant[]) => void;
  error?: string;
  disabled?: boolean;
};

/** The plants a user is limited to, as big tick boxes; none ticked means every plant. */
export function PlantCheckboxes({ legend, value, onChange, error, disabled }: PlantCheckboxesProps) {
  const toggle = (plant: Plant, checked: boolean) =>
    onChange(
      checked
        ? PLANTS.filter((p) => p === plant || value.includes(p))
        : PLANTS.filter((p) => p !== plant && value.includes(p)),
    );
  return (
    <fieldset className="grid gap-1.5" disabled={disabled} aria-invalid={Boolean(error)}>
      <legend className="mb-1.5 text-base font-semibold text-slate-900">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {PLANTS.map((plant) => (
          <label
            key={plant}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="checkbox"
              className="size-6 shrink-0 accent-brand-700"
              checked={value.includes(plant)}
              onChange={(event) => toggle(plant, event.target.checked)}
            />
            <span className="text-base text-slate-900">{plant}</span>
          </label>
        ))}
      </div>
      <p className="text-sm text-slate-600">{value.length === 0 ? USER_TEXTS.plantsNone : USER_TEXTS.plantsSome}</p>
      {error ? <p className="text-sm font-semibold text-red-700">{errorSentence(legend, error)}</p> : null}
    </fieldset>
  );
}
