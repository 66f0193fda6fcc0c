import type { Store, UpdateStoreBody } from '@common/schemas/parts';

/** The store forms' fields as typed: the name, and who orders as a select's value ('' names nobody). */
export type StoreFormValues = { name: string; reorderContactUserId: string };

export const storeValues = (store: Store): StoreFormValues => ({
  name: store.name,
  reorderContactUserId: store.reorderContact ? String(store.reorderContact.id) : '',
});

/** The select's value as the contract has it: nobody named is null. */
export const contactIdOf = (value: string): number | null => (value ? Number(value) : null);

/** Only what the edit changed: a store naming someone since deactivated can still be renamed. */
export function changedStoreFields(before: StoreFormValues, after: StoreFormValues): UpdateStoreBody {
  const changes: UpdateStoreBody = {};
  if (after.name.trim() !== before.name.trim()) changes.name = after.name;
  if (after.reorderContactUserId !== before.reorderContactUserId) {
    changes.reorderContactUserId = contactIdOf(after.reorderContactUserId);
  }
  return changes;
}

type Person = { id: number; name: string };

/** Whom a store may name: the organization's active people, and the one it names now even if they have left. */
export function contactChoices(people: readonly Person[], current: Store['reorderContact']): Person[] {
  if (!current || people.some((person) => person.id === current.id)) return [...people];
  return [...people, current];
}
