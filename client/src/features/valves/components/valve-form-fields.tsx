import { VALVE_CRITICALITIES, VALVE_CRITICALITY_LABELS } from '@common/constants';
import { valveStatusStyle } from '@common/status-styles';
import { ChevronDown } from 'lucide-react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { FieldErrors } from '@/lib/form-failure';
import { areaNames, plantIdOf, suggestedSystems, usePlantTree } from '@/lib/plant-tree';
import {
  activePlantNames,
  modelsOf,
  typeNames,
  useManufacturers,
  usePlants,
  useValveTypes,
  withChosen,
} from '@/lib/plants';
import { VALVE_WRITE_TEXTS as T } from '../texts';
import { DOCUMENTATION_FIELDS, type DocumentationField, type ValveFormValues } from '../valve-form-values';
import { BODY_MATERIALS, END_CONNECTIONS, TRIM_MATERIALS } from '../valve-materials';

type FieldBinding = {
  values: ValveFormValues;
  errors: FieldErrors;
  set: (field: keyof ValveFormValues) => (value: string) => void;
};

/**
 * The valve's own fields: its tag (when adding), type, size, place, maker, status, criticality and maintenance
 * interval.
 */
export function ValveMainFields({ mode, ...binding }: FieldBinding & { mode: 'create' | 'edit' }) {
  const { values, errors, set } = binding;
  const statuses = mode === 'create' ? ['active', 'maintenance'] : ['active', 'maintenance', 'overdue'];
  // Plants in service and the whole catalog; a valve's own plant or type stays offered even if no longer listed.
  const plantList = usePlants().data;
  const plants = withChosen(activePlantNames(plantList), values.plant);
  // The chosen plant's areas and systems, so a valve lands in "Unit 1" as the tree spells it, not in a new "unit1".
  const tree = usePlantTree(plantIdOf(plantList, values.plant)).data;
  const types = withChosen(typeNames(useValveTypes().data), values.type);
  // The makers and models already named, so "FISHER" is picked as the Fisher in use rather than typed anew.
  const makers = useManufacturers().data ?? [];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {mode === 'create' ? (
        <Field label="Valve ID" required error={errors.valveId} hint={T.valveIdHint}>
          {(control) => (
            <Input
              {...control}
              value={values.valveId}
              onChange={(e) => set('valveId')(e.target.value)}
              placeholder="FCV-101A"
              // Tags are written in capitals (the contract makes them so): the keyboard starts there.
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
      ) : null}
      <Field label="Type" required error={errors.type}>
        {(control) => (
          <Select {...control} value={values.type} onChange={(e) => set('type')(e.target.value)}>
            {types.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </Select>
        )}
      </Field>
      <TextField label="Size" field="size" placeholder='e.g. 4"' {...binding} />
      <TextField label="Pressure" field="pressure" placeholder="e.g. 600 PSI" {...binding} />
      <Field label="Plant" required error={errors.plant}>
        {(control) => (
          <Select {...control} value={values.plant} onChange={(e) => set('plant')(e.target.value)}>
            {plants.map((plant) => (
              <option key={plant}>{plant}</option>
            ))}
          </Select>
        )}
      </Field>
      <TextField
        label={T.area}
        field="area"
        placeholder="e.g. Unit 2"
        suggestions={areaNames(tree)}
        // Left empty when adding, the server takes the location's text before its first comma.
        required={mode === 'edit'}
        hint={mode === 'create' ? T.areaHint : undefined}
        {...binding}
      />
      <TextField label="Location" field="location" placeholder="e.g. Unit 2, feedwater line" {...binding} />
      <TextField
        label="System"
        field="system"
        placeholder="e.g. Feedwater"
        suggestions={suggestedSystems(tree, values.area, values.location)}
        {...binding}
      />
      <TextField label="Manufacturer" field="manufacturer" suggestions={makers.map((m) => m.name)} {...binding} />
      <TextField label="Model" field="model" suggestions={modelsOf(makers, values.manufacturer)} {...binding} />
      <TextField
        label={T.bodyMaterial}
        field="bodyMaterial"
        suggestions={BODY_MATERIALS}
        required={false}
        {...binding}
      />
      <TextField
        label={T.trimMaterial}
        field="trimMaterial"
        suggestions={TRIM_MATERIALS}
        required={false}
        {...binding}
      />
      <TextField
        label={T.endConnection}
        field="endConnection"
        suggestions={END_CONNECTIONS}
        required={false}
        {...binding}
      />
      <Field label="Status" required error={errors.status}>
        {(control) => (
          <Select {...control} value={values.status} onChange={(e) => set('status')(e.target.value)}>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {valveStatusStyle(status).label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={T.criticality} required error={errors.criticality} hint={T.criticalityHint}>
        {(control) => (
          <Select {...control} value={values.criticality} onChange={(e) => set('criticality')(e.target.value)}>
            {VALVE_CRITICALITIES.map((criticality) => (
              <option key={criticality} value={criticality}>
                {VALVE_CRITICALITY_LABELS[criticality]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Maintenance interval (days)" required error={errors.maintenanceIntervalDays}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            step={1}
            value={values.maintenanceIntervalDays}
            onChange={(e) => set('maintenanceIntervalDays')(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Next maintenance"
        error={errors.nextMaintenance}
        hint={mode === 'create' ? 'Leave empty to count the interval from today.' : undefined}
      >
        {(control) => (
          <Input
            {...control}
            type="date"
            value={values.nextMaintenance}
            onChange={(e) => set('nextMaintenance')(e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}

/** The twelve documentation texts, folded away until wanted (or until one of them has a problem to show). */
export function ValveDocumentationFields({
  open,
  onOpenChange,
  ...binding
}: FieldBinding & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <details
      open={open}
      onToggle={(e) => onOpenChange(e.currentTarget.open)}
      className="group rounded-lg border border-slate-300 bg-slate-50"
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 px-3 text-base font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
        <span>
          <span>{T.documentation}</span>
          <span className="ml-1 text-sm font-normal text-slate-600">
            ({DOCUMENTATION_FIELDS.length} texts, optional)
          </span>
        </span>
        <ChevronDown className="size-5 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="grid gap-4 border-t border-slate-300 bg-white p-3">
        <p className="text-sm text-slate-600">{T.documentationHint}</p>
        {DOCUMENTATION_FIELDS.map(([field, label]) => (
          <DocumentationTextarea key={field} field={field} label={label} {...binding} />
        ))}
      </div>
    </details>
  );
}

function TextField({
  label,
  field,
  placeholder,
  suggestions,
  required = true,
  hint,
  values,
  errors,
  set,
}: FieldBinding & {
  label: string;
  field: keyof ValveFormValues;
  placeholder?: string;
  suggestions?: string[];
  required?: boolean;
  hint?: string;
}) {
  const listId = suggestions ? `valve-${field}-suggestions` : undefined;
  return (
    <Field label={label} required={required} hint={hint} error={errors[field]}>
      {(control) => (
        <>
          <Input
            {...control}
            value={values[field]}
            onChange={(e) => set(field)(e.target.value)}
            placeholder={placeholder}
            list={listId}
            autoComplete={listId ? 'off' : undefined}
          />
          {suggestions ? (
            <datalist id={listId}>
              {suggestions.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          ) : null}
        </>
      )}
    </Field>
  );
}

function DocumentationTextarea({
  label,
  field,
  values,
  errors,
  set,
}: FieldBinding & { label: string; field: DocumentationField }) {
  return (
    <Field label={label} error={errors[field]}>
      {(control) => (
        <Textarea {...control} rows={4} value={values[field]} onChange={(e) => set(field)(e.target.value)} />
      )}
    </Field>
  );
}
