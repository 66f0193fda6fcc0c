import type { Store } from '@common/schemas/parts';
import { updateStoreBody } from '@common/schemas/parts';
import { describe, expect, it } from 'vitest';
import { changedStoreFields, contactChoices, contactIdOf, storeValues } from './store-form';

const crib: Store = {
  id: 7,
  name: 'Line crib',
  plantId: 1,
  plant: 'Power Plant A',
  parts: 12,
  reorderContact: { id: 3, name: 'Priya Raman' },
};
const people = [
  { id: 2, name: 'James Okafor' },
  { id: 3, name: 'Priya Raman' },
];

describe('the store forms', () => {
  it('start from the store as it is; nobody named is an empty choice and null on the wire', () => {
    expect(storeValues(crib)).toEqual({ name: 'Line crib', reorderContactUserId: '3' });
    expect(storeValues({ ...crib, reorderContact: null }).reorderContactUserId).toBe('');
    expect(contactIdOf('')).toBeNull();
    expect(contactIdOf('3')).toBe(3);
  });

  it('send only what changed, in the contract’s shape', () => {
    const before = storeValues(crib);
    expect(changedStoreFields(before, { ...before, name: ' Line crib ' })).toEqual({});
    const renamed = changedStoreFields(before, { ...before, name: 'Van 3' });
    expect(renamed).toEqual({ name: 'Van 3' });
    const nobody = changedStoreFields(before, { ...before, reorderContactUserId: '' });
    expect(nobody).toEqual({ reorderContactUserId: null });
    expect(updateStoreBody.safeParse(nobody).success).toBe(true);
    expect(changedStoreFields(before, { name: 'Van 3', reorderContactUserId: '2' })).toEqual({
      name: 'Van 3',
      reorderContactUserId: 2,
    });
  });

  it('keep the person named now among the choices, even once they have left', () => {
    expect(contactChoices(people, crib.reorderContact)).toEqual(people);
    expect(contactChoices(people, null)).toEqual(people);
    expect(contactChoices(people, { id: 9, name: 'Lee Leaver' })).toEqual([...people, { id: 9, name: 'Lee Leaver' }]);
  });
});
