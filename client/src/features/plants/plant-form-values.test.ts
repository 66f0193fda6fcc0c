import { type Plant, plantCreateBody, plantUpdateBody } from '@common/schemas/plants';
import { describe, expect, it } from 'vitest';
import { checkAgainst } from '@/lib/contract-check';
import { changedPlantFields, plantCreateInput, plantValues, unitsLine } from './plant-form-values';

const bayside: Plant = {
  id: 5,
  name: 'Bayside North',
  timeZone: 'Europe/Berlin',
  units: { pressure: 'bar', temperature: '°C', size: 'DN' },
  code: 'BN',
  siteName: 'Bayside',
  address: null,
  retired: false,
  retiredAt: null,
  valves: 3,
};

describe('a new plant', () => {
  it("starts in the device's zone, in US units, every text empty", () => {
    expect(plantValues(undefined, 'America/Chicago')).toEqual({
      name: '',
      timeZone: 'America/Chicago',
      pressure: 'psi',
      temperature: '°F',
      size: 'in',
      code: '',
      siteName: '',
      address: '',
    });
  });

  it('is sent without its blank texts, the code as the contract reads it', () => {
    const values = { ...plantValues(undefined, 'Europe/Berlin'), name: ' Bayside North ', code: 'bn', address: ' ' };
    const checked = checkAgainst(plantCreateBody, plantCreateInput(values));
    expect(checked.issues).toEqual([]);
    expect(checked.body).toEqual({
      name: 'Bayside North',
      timeZone: 'Europe/Berlin',
      units: { pressure: 'psi', temperature: '°F', size: 'in' },
      code: 'BN',
    });
  });

  it('without a name or with a zone no one knows is refused by the contract, under those fields', () => {
    const values = { ...plantValues(undefined, 'Mars/Olympus'), name: ' ' };
    const paths = checkAgainst(plantCreateBody, plantCreateInput(values)).issues.map((issue) => issue.path);
    expect(paths).toEqual(['name', 'timeZone']);
  });
});

describe('a change to a plant', () => {
  it('sends only what changed: a unit alone, a cleared text as null', () => {
    const before = plantValues(bayside, 'UTC');
    const after = { ...before, name: 'Bayside South', temperature: '°F' as const, siteName: '' };
    const changes = changedPlantFields(before, after);
    expect(changes).toEqual({ name: 'Bayside South', units: { temperature: '°F' }, siteName: null });
    expect(checkAgainst(plantUpdateBody, changes).issues).toEqual([]);
  });

  it('is nothing when nothing changed', () => {
    const values = plantValues(bayside, 'UTC');
    expect(changedPlantFields(values, { ...values, name: 'Bayside North ' })).toEqual({});
  });
});

it("reads a plant's units in one line", () => {
  expect(unitsLine(bayside.units)).toBe('bar · °C · DN');
});
