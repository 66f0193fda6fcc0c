import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PARTS_TEXTS } from '../texts';

const T = PARTS_TEXTS.storeScreen;

/** A store's name, as both the new store and the edit dialogs ask for it. */
export function StoreNameField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Field label={T.name} required error={error} hint={T.nameHint}>
      {(control) => (
        <Input {...control} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}
