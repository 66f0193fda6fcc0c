import type { Plant, ValveTypeEntry } from '@common/schemas/plants';
import { describe, expect, it } from 'vitest';
import {
  activePlantNames,
  filterPlantNames,
  filterTypeNames,
  mainZone,
  nameFromUrl,
  plantZone,
  typeNames,
  withChosen,
} from './plants';

const plant = (id: number, name: string, timeZone: string, retired = false): Plant => ({
  id,
  name,
  timeZone,
  units: { pressure: 'psi', temperature: '°F', size: 'in' },
  code: null,
  siteName: null,
  address: null,
  retired,
  retiredAt: retired ? '2026-11-01T00:00:00.000Z' : null,
  valves: 0,
});

// As the server sends them: by name. The demo's were added in the spec's order.
const plants = [
  plant(5, 'Bayside North', 'Europe/Berlin', true),
  plant(3, 'Chemical Plant C', 'America/New_York'),
  plant(2, 'Gas Plant B', 'America/Chicago'),
  plant(4, 'Nuclear Plant D', 'America/New_York'),
  plant(1, 'Power Plant A', 'America/Chicago'),
];

const type = (name: string, valves: number, standard = true): ValveTypeEntry => ({
  id: standard ? null : 9,
  name,
  standard,
  reliefClass: name === 'Safety Relief Valve',
  valves,
});
const catalog = [
  type('Ball Valve', 12),
  type('Gate Valve', 8),
  type('Butterfly Valve', 0),
  type('Safety Relief Valve', 3),
  type('Bellows Seal Valve', 0, false),
];

describe("a plant's zone", () => {
  it("is the plant record's; a plant no one knows (or a list not loaded) keeps UTC", () => {
    expect(plantZone(plants, 'Gas Plant B')).toBe('America/Chicago');
    expect(plantZone(plants, 'Bayside North')).toBe('Europe/Berlin');
    expect(plantZone(plants, 'Mars Base')).toBe('UTC');
    expect(plantZone(undefined, 'Gas Plant B')).toBe('UTC');
  });

  it("of the organization is its first plant in service's, else the device's", () => {
    expect(mainZone(plants, 'Asia/Tokyo')).toBe('America/Chicago');
    expect(mainZone([plants[0]], 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(mainZone(undefined, 'Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});

describe('the plants offered', () => {
  it('by a form: those in service, in the order they were added', () => {
    expect(activePlantNames(plants)).toEqual(['Power Plant A', 'Gas Plant B', 'Chemical Plant C', 'Nuclear Plant D']);
    expect(activePlantNames(undefined)).toEqual([]);
  });

  it("by a filter: every plant (retired too, their valves are still listed), or a limited user's own", () => {
    expect(filterPlantNames(plants, [])).toEqual([
      'Power Plant A',
      'Gas Plant B',
      'Chemical Plant C',
      'Nuclear Plant D',
      'Bayside North',
    ]);
    expect(filterPlantNames(plants, ['Nuclear Plant D', 'Gas Plant B'])).toEqual(['Gas Plant B', 'Nuclear Plant D']);
  });

  it('by a filter, the chosen one always, so a link shows what it narrows to', () => {
    expect(filterPlantNames(plants, ['Gas Plant B'], 'Moon Base')).toEqual(['Gas Plant B', 'Moon Base']);
    expect(filterPlantNames(plants, ['Gas Plant B'], 'all')).toEqual(['Gas Plant B']);
    expect(filterPlantNames(plants, ['Gas Plant B'], '')).toEqual(['Gas Plant B']);
  });
});

describe('the valve types offered', () => {
  it('by a filter: the types with valves, in catalog order, and the chosen one', () => {
    expect(filterTypeNames(catalog)).toEqual(['Ball Valve', 'Gate Valve', 'Safety Relief Valve']);
    expect(filterTypeNames(catalog, 'Bellows Seal Valve')).toEqual([
      'Ball Valve',
      'Gate Valve',
      'Safety Relief Valve',
      'Bellows Seal Valve',
    ]);
  });

  it('by a form: the whole catalog', () => {
    expect(typeNames(catalog)).toEqual(catalog.map((t) => t.name));
    expect(withChosen(typeNames(catalog), 'Ball Valve')).toHaveLength(catalog.length);
  });
});

describe('a plant or type named in a URL', () => {
  it('is read as any name the contract takes, else not at all', () => {
    expect(nameFromUrl(' Bayside North ')).toBe('Bayside North');
    expect(nameFromUrl(null)).toBe('');
    expect(nameFromUrl('A,B')).toBe('');
    expect(nameFromUrl('x'.repeat(81))).toBe('');
  });
});
