import { QUANTITIES, unitLabel } from '@common/quantities';
import type { ImportChannelColumn } from '@common/schemas/import-mappings';
import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { IMPORT_TEXTS as T } from './texts';

/** Every unit a channel can be in, grouped by quantity (a unit of several quantities is listed under its first). */
const UNIT_GROUPS = (() => {
  const seen = new Set<string>();
  return Object.values(QUANTITIES)
    .map((q) => ({ label: q.label, units: q.units.filter((u) => !seen.has(u) && seen.add(u)) as string[] }))
    .filter((g) => g.units.length > 0);
})();

/** A header's name as a channel name: letters, digits and _ . - only. */
function channelNameOf(header: string): string {
  return header
    .trim()
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
}

type Props = {
  headers: string[];
  /** Columns already used for the timestamp, tag, sensors or quality: not offered first. */
  used: Set<string>;
  channels: ImportChannelColumn[];
  onChange: (channels: ImportChannelColumn[]) => void;
};

/** The wide layout's further columns, each a named channel in a unit. */
export function ChannelColumns({ headers, used, channels, onChange }: Props) {
  const set = (index: number, patch: Partial<ImportChannelColumn>) =>
    onChange(channels.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const add = () => {
    const taken = new Set([...used, ...channels.map((c) => c.column)]);
    const column = headers.find((h) => !taken.has(h)) ?? '';
    onChange([...channels, { column, channel: channelNameOf(column), unit: '' }]);
  };
  return (
    <fieldset className="grid gap-3 sm:col-span-2">
      <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.channelsTitle}</legend>
      <p className="text-sm text-slate-600">{T.channelsHint}</p>
      {channels.map((c, index) => (
        <div
          // The row's place is its identity: columns and names are edited in place.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no other stable key while being edited
          key={index}
          className="grid grid-cols-[1fr_auto] gap-2 rounded-lg border border-slate-300 bg-white p-3 sm:grid-cols-[1fr_1fr_9rem_auto]"
          data-testid="channel-column"
        >
          <Select
            aria-label={`${T.channelColumn} ${index + 1}`}
            value={c.column}
            onChange={(event) =>
              set(index, {
                column: event.target.value,
                channel:
                  c.channel && c.channel !== channelNameOf(c.column) ? c.channel : channelNameOf(event.target.value),
              })
            }
            className="col-span-2 sm:col-span-1"
          >
            <option value="">{T.chooseColumn}</option>
            {headers.map((header) => (
              <option key={header} value={header}>
                {header}
              </option>
            ))}
          </Select>
          <Input
            aria-label={`${T.channelName} ${index + 1}`}
            value={c.channel}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => set(index, { channel: event.target.value })}
          />
          <Select
            aria-label={`${T.channelUnit} ${index + 1}`}
            value={c.unit}
            onChange={(event) => set(index, { unit: event.target.value })}
          >
            <option value="">{T.chooseUnit}</option>
            {UNIT_GROUPS.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.units.map((u) => (
                  <option key={u} value={u}>
                    {unitLabel(u)}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
          <Button
            variant="outline"
            aria-label={T.removeChannel(c.channel)}
            onClick={() => onChange(channels.filter((_, i) => i !== index))}
            className="row-start-2 col-start-2 sm:row-start-auto sm:col-start-auto"
          >
            <X className="size-5" aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button variant="outline" onClick={add} className="justify-self-start">
        <Plus className="size-5" aria-hidden="true" />
        {T.addChannel}
      </Button>
    </fieldset>
  );
}
