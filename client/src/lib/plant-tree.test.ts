import { areaOfLocation } from '@common/plant-places';
import type { PlantTree } from '@common/schemas/plant-tree';
import type { Plant } from '@common/schemas/plants';
import { describe, expect, it } from 'vitest';
import { areaNames, plantIdOf, plantTreeQuery, sameName, suggestedSystems, systemNames } from './plant-tree';
import { queryKeyToPath } from './query-key';

const counts = { valves: 0, overdue: 0, inMaintenance: 0, decommissioned: 0 };
const tree: PlantTree = {
  plantId: 2,
  plant: 'Gas Plant B',
  ...counts,
  areas: [
    {
      id: 1,
      name: 'Pump House',
      ...counts,
      systems: [
        { id: 11, name: 'Fuel Gas', ...counts },
        { id: 12, name: 'Cooling Water', ...counts },
      ],
    },
    { id: 2, name: 'Unit 1', ...counts, systems: [{ id: 21, name: 'Fuel Gas', ...counts }] },
    { id: 3, name: 'Tank Farm', ...counts, systems: [] },
  ],
};

describe('the plant tree read', () => {
  it('reads GET /api/plants/:id/tree, under the plants key', () => {
    const { queryKey } = plantTreeQuery(2);
    expect(queryKeyToPath(queryKey)).toBe('/api/plants/2/tree');
    expect(queryKey[0]).toBe('/api/plants');
  });

  it('finds a plant id by its name', () => {
    const plants = [
      { id: 2, name: 'Gas Plant B' },
      { id: 5, name: 'Bayside' },
    ] as Plant[];
    expect(plantIdOf(plants, 'Bayside')).toBe(5);
    expect(plantIdOf(plants, 'Nowhere')).toBeNull();
    expect(plantIdOf(undefined, 'Bayside')).toBeNull();
  });
});

describe('the names the valve form suggests', () => {
  it('offers the areas as the tree orders them', () => {
    expect(areaNames(tree)).toEqual(['Pump House', 'Unit 1', 'Tank Farm']);
    expect(areaNames(undefined)).toEqual([]);
  });

  it('offers the systems of the area named, in any case and spacing', () => {
    expect(systemNames(tree, 'pump house ')).toEqual(['Fuel Gas', 'Cooling Water']);
    expect(systemNames(tree, 'Tank Farm')).toEqual([]);
    expect(systemNames(tree, 'Unit 9')).toEqual([]);
  });

  it('offers every system of the plant once while no area is named', () => {
    expect(systemNames(tree, '')).toEqual(['Cooling Water', 'Fuel Gas']);
    expect(systemNames(undefined, '')).toEqual([]);
  });

  it('compares names as the server does', () => {
    expect(sameName('Unit 1', ' unit 1')).toBe(true);
    expect(sameName('Unit 1', 'Unit 2')).toBe(false);
  });

  it("takes a location's area as the server does: the text before its first comma", () => {
    expect(areaOfLocation('Unit 1, Elev. 12 ft, Line 345')).toBe('Unit 1');
    expect(areaOfLocation(' Tank Farm ')).toBe('Tank Farm');
  });

  it("suggests the systems of the area typed, else of the location's area, else the plant's", () => {
    expect(suggestedSystems(tree, 'Unit 1', 'Pump House, north wall')).toEqual(['Fuel Gas']);
    expect(suggestedSystems(tree, '', 'pump house, north wall')).toEqual(['Fuel Gas', 'Cooling Water']);
    expect(suggestedSystems(tree, '', 'Boiler house')).toEqual(['Cooling Water', 'Fuel Gas']);
    expect(suggestedSystems(tree, '', '')).toEqual(['Cooling Water', 'Fuel Gas']);
  });
});
