import { describe, expect, it } from 'vitest';
import { findValveIn, valvesMatchingIn } from './saved-valve';

const gate = {
  id: 2,
  valveId: 'V-002-GV',
  type: 'Gate Valve',
  size: '8"',
  pressure: '600 PSI',
  plant: 'Gas Plant B',
  plantId: 2,
  location: 'Compressor Station 2',
  system: 'Gas',
};
const ball = { ...gate, id: 1, valveId: 'V-001-BV', type: 'Ball Valve' };
const lookup = {
  id: 2,
  valveId: 'V-002-GV',
  type: 'Gate Valve',
  size: '8"',
  plant: 'Gas Plant B',
  plantId: 2,
  location: 'Compressor Station 2',
};

describe('findValveIn', () => {
  it('finds the valve in a plain list, a page, infinite pages and a detail, ignoring case and spaces', () => {
    expect(findValveIn([[ball, gate]], 'V-002-GV')).toEqual(lookup);
    expect(findValveIn([{ items: [ball, gate], nextCursor: null }], ' v-002-gv ')).toEqual(lookup);
    expect(findValveIn([{ pages: [{ items: [ball] }, { items: [gate] }], pageParams: [] }], 'V-002-GV')).toEqual(
      lookup,
    );
    expect(findValveIn([{ ...gate, workOrders: [] }], 'V-002-GV')).toEqual(lookup);
  });

  it('finds a valve kept before plants were records, its plant known by name only', () => {
    const { plantId: _, ...kept } = gate;
    expect(findValveIn([[kept]], 'V-002-GV')).toMatchObject({ valveId: 'V-002-GV', plant: 'Gas Plant B' });
    expect(findValveIn([[kept]], 'V-002-GV')?.plantId).toBeNaN();
  });

  it('is null when no saved read knows the tag, or the record lacks what the result shows', () => {
    expect(findValveIn([[ball], null, 'text', 42], 'V-002-GV')).toBeNull();
    expect(findValveIn([[{ id: 2, valveId: 'V-002-GV' }]], 'V-002-GV')).toBeNull();
    expect(findValveIn([], 'V-002-GV')).toBeNull();
  });
});

describe('valvesMatchingIn', () => {
  it('offers the saved valves whose words match what is typed, once each, by tag, at most the limit', () => {
    const saved = [[ball, gate], { items: [gate], nextCursor: null }];
    expect(valvesMatchingIn(saved, 'v-00', 5).map((v) => v.valveId)).toEqual(['V-001-BV', 'V-002-GV']);
    expect(valvesMatchingIn(saved, 'gate plant b', 5).map((v) => v.valveId)).toEqual(['V-002-GV']);
    expect(valvesMatchingIn(saved, 'v-00', 1)).toHaveLength(1);
    expect(valvesMatchingIn(saved, 'globe', 5)).toEqual([]);
  });
});
