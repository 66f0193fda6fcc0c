import { errorSentence } from '@/components/ui/field';
import { usePlants } from '@/lib/plants';
import { USER_TEXTS } from '../texts';

type PlantCheckboxesProps = {
  legend: string;
  value: readonly string[];
  onChange: (plants: string[]) => void;
  error?: string;
  disabled?: boolean;
};

/**
 * The plants a user is limited to, as big tick boxes; none ticked means every plant. A retired plant is offered
 * only while the user still has it, so it can be taken away.
 */
export function PlantCheckboxes({ legend, value, onChange, error, disabled }: PlantCheckboxesProps) {
  const plants = (usePlants().data ?? [])
    .filter((plant) => !plant.retired || value.includes(plant.name))
    .map((plant) => plant.name);
  const toggle = (plant: string, checked: boolean) =>
    onChange(
      checked
        ? plants.filter((p) => p === plant || value.includes(p))
        : plants.filter((p) => p !== plant && value.includes(p)),
    );
  return (
    <fieldset className="grid gap-1.5" disabled={disabled} aria-invalid={Boolean(error)}>
      <legend className="mb-1.5 text-base font-semibold text-slate-900">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {plants.map((plant) => (
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
