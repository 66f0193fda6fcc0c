import type { Store } from '@common/schemas/parts';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { usePeople } from '@/lib/people';
import { contactChoices } from '../store-form';
import { PARTS_TEXTS } from '../texts';

const T = PARTS_TEXTS.storeScreen;

type Props = {
  /** A person's id, or '' for nobody named. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Whom the store names now (kept among the choices). */
  current?: Store['reorderContact'];
};

/** Who orders for a store: one of the organization's people, or nobody (the plant's parts managers are told). */
export function ReorderContactField({ value, onChange, error, current = null }: Props) {
  const people = usePeople();
  return (
    <Field label={T.contact} error={error} hint={people.isError ? T.peopleFailed : T.contactHint}>
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{T.noContact}</option>
          {contactChoices(people.data ?? [], current).map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
