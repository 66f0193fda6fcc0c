import { SENSOR_UNITS } from '@common/analytics';
import { SENSOR_TYPES, type SensorType } from '@common/constants';
import type { SensorUnits } from '@common/units';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { ChannelColumns } from './channel-columns';
import type { ColumnMapping, TimeZoneChoice } from './csv-mapping';
import { IMPORT_TEXTS as T } from './texts';

type Props = { headers: string[]; mapping: ColumnMapping; onChange: (mapping: ColumnMapping) => void };

function ColumnSelect({
  label,
  value,
  headers,
  required,
  onChange,
}: {
  label: string;
  value: string;
  headers: string[];
  required?: boolean;
  onChange: (column: string) => void;
}) {
  return (
    <Field label={label} required={required}>
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{required ? T.chooseColumn : T.notInFile}</option>
          {headers.map((header) => (
            <option key={header} value={header}>
              {header}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

function LayoutChoice({ mapping, onChange }: Omit<Props, 'headers'>) {
  const options = [
    { value: 'wide', label: T.layoutWide, hint: T.layoutWideHint },
    { value: 'long', label: T.layoutLong, hint: T.layoutLongHint },
  ] as const;
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.layout}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border p-3',
              mapping.layout === option.value ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white',
            )}
          >
            <input
              type="radio"
              name="layout"
              value={option.value}
              checked={mapping.layout === option.value}
              onChange={() => onChange({ ...mapping, layout: option.value })}
              className="mt-1 size-5 accent-brand-700"
            />
            <span>
              <span className="block font-semibold text-slate-900">{option.label}</span>
              <span className="block text-sm text-slate-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Step 2 of the import: which column is what, the file's units and how to read times without a zone. */
export function MappingForm({ headers, mapping, onChange }: Props) {
  const set = (patch: Partial<ColumnMapping>) => onChange({ ...mapping, ...patch });
  const setSensor = (sensor: SensorType, column: string) => set({ sensors: { ...mapping.sensors, [sensor]: column } });
  const setUnit = (sensor: SensorType, unit: string) =>
    set({ units: { ...mapping.units, [sensor]: unit } as SensorUnits });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <LayoutChoice mapping={mapping} onChange={onChange} />
      <ColumnSelect
        label={T.timestampColumn}
        value={mapping.timestamp}
        headers={headers}
        required
        onChange={(timestamp) => set({ timestamp })}
      />
      <ColumnSelect
        label={T.tagColumn}
        value={mapping.tag}
        headers={headers}
        required
        onChange={(tag) => set({ tag })}
      />
      {mapping.layout === 'wide' ? (
        SENSOR_TYPES.map((sensor) => (
          <ColumnSelect
            key={sensor}
            label={T.sensorColumn[sensor]}
            value={mapping.sensors[sensor]}
            headers={headers}
            onChange={(column) => setSensor(sensor, column)}
          />
        ))
      ) : (
        <>
          <ColumnSelect
            label={T.sensorTypeColumn}
            value={mapping.sensorType}
            headers={headers}
            required
            onChange={(sensorType) => set({ sensorType })}
          />
          <ColumnSelect
            label={T.valueColumn}
            value={mapping.value}
            headers={headers}
            required
            onChange={(value) => set({ value })}
          />
        </>
      )}
      {mapping.layout === 'wide' ? (
        <ChannelColumns
          headers={headers}
          used={
            new Set(
              [mapping.timestamp, mapping.tag, mapping.quality, ...Object.values(mapping.sensors)].filter(Boolean),
            )
          }
          channels={mapping.channels}
          onChange={(channels) => set({ channels })}
        />
      ) : null}
      <ColumnSelect
        label={T.qualityColumn}
        value={mapping.quality}
        headers={headers}
        onChange={(quality) => set({ quality })}
      />
      <fieldset className="sm:col-span-2">
        <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.unitsTitle}</legend>
        <div className="grid grid-cols-3 gap-2">
          {SENSOR_TYPES.map((sensor) => (
            <div key={sensor} className="grid gap-1">
              <label htmlFor={`unit-${sensor}`} className="text-sm text-slate-700">
                {T.unitName[sensor]}
              </label>
              <Select
                id={`unit-${sensor}`}
                aria-label={T.unitLabel[sensor]}
                value={mapping.units[sensor]}
                onChange={(event) => setUnit(sensor, event.target.value)}
              >
                {SENSOR_UNITS[sensor].map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}
                  </option>
                ))}
              </Select>
            </div>
          ))}
        </div>
      </fieldset>
      <Field label={T.timeZone} required>
        {(control) => (
          <Select
            {...control}
            value={mapping.timeZone}
            onChange={(event) => set({ timeZone: event.target.value as TimeZoneChoice })}
          >
            <option value="utc">{T.timeZoneUtc}</option>
            <option value="local">{T.timeZoneLocal(zone)}</option>
          </Select>
        )}
      </Field>
    </div>
  );
}
