import { type SelectHTMLAttributes, useMemo } from 'react';
import { Select } from '@/components/ui/select';
import { timeZoneChoices, zoneLabel } from '@/lib/time-zones';

type TimeZoneSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: string;
  onChange: (zone: string) => void;
};

/** A plant's IANA zone, from the browser's list: the phone's own picker scrolls and jumps by letter. */
export function TimeZoneSelect({ value, onChange, ...props }: TimeZoneSelectProps) {
  const zones = useMemo(() => timeZoneChoices(value), [value]);
  return (
    <Select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zoneLabel(zone)}
        </option>
      ))}
    </Select>
  );
}
