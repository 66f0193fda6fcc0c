import { useId } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { IMPORT_TEXTS as T } from './texts';

/** The name of the export the file comes from; the names saved before are offered as the user types. */
export function SourceName({
  value,
  sources,
  onChange,
}: {
  value: string;
  sources: string[];
  onChange: (name: string) => void;
}) {
  const listId = useId();
  return (
    <Field label={T.sourceName} hint={T.sourceHint}>
      {(control) => (
        <>
          <Input
            {...control}
            value={value}
            maxLength={500}
            list={listId}
            autoComplete="off"
            onChange={(event) => onChange(event.target.value)}
          />
          <datalist id={listId}>
            {sources.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
