import Qty from 'js-quantities';
import { describe, expect, it } from 'vitest';
import {
  changeConverter,
  fromCanonical,
  guessChannelRole,
  impossibleReading,
  isUnitOf,
  normaliseUnit,
  QUANTITIES,
  QUANTITY_NAMES,
  quantitiesOfUnit,
  toCanonical,
  unitConverter,
  unitLabel,
} from './quantities';

describe('conversion to the canonical unit of each quantity', () => {
  it('converts the units plants send', () => {
    expect(toCanonical('flow', 1000, 'L/min')).toBeCloseTo(60, 10);
    expect(toCanonical('flow', 60, 'm3/h')).toBe(60);
    expect(toCanonical('current', 18.5, 'A')).toBe(18.5);
    expect(toCanonical('voltage', 0.4, 'kV')).toBeCloseTo(400, 10);
    expect(toCanonical('pressure', 250, 'kPa')).toBeCloseTo(2.5, 10);
    expect(toCanonical('pressure', 14.5038, 'psi')).toBeCloseTo(1, 5);
    expect(toCanonical('temperature', 212, 'degF')).toBeCloseTo(100, 10);
    expect(toCanonical('temperature', 273.15, 'K')).toBeCloseTo(0, 10);
    expect(toCanonical('vibrationAcceleration', 1, 'g')).toBeCloseTo(9.80665, 10);
    expect(toCanonical('vibrationVelocity', 0.11, 'in/s')).toBeCloseTo(2.794, 10);
    expect(toCanonical('position', 42, '%')).toBe(42);
    expect(toCanonical('travel', 1, 'in')).toBeCloseTo(25.4, 10);
    expect(toCanonical('torque', 1, 'lbf·ft')).toBeCloseTo(1.3558, 4);
  });

  it('round-trips every unit of every quantity', () => {
    for (const q of QUANTITY_NAMES) {
      for (const unit of QUANTITIES[q].units) {
        expect(fromCanonical(q, toCanonical(q, 12.5, unit), unit)).toBeCloseTo(12.5, 9);
      }
    }
  });

  it('converts temperatures as js-quantities does, to the last bit, without a Qty per value (issue 31)', () => {
    const units = ['degC', 'degF', 'K'] as const;
    const names = { degC: 'tempC', degF: 'tempF', K: 'tempK' } as const;
    const values = [0, 0.1, 32, 100, 212, 273.15, 459.67, 1234.5678, 5000];
    for (const from of units) {
      for (const to of units) {
        if (from === to) continue;
        const library = Qty.swiftConverter(names[from], names[to]);
        const ours = unitConverter(from, to);
        for (const v of values) expect(Object.is(ours(v), library(v))).toBe(true);
      }
    }
    // 32 °F is 0 °C exactly, as the library says (an a·v + b shortcut gave 5e-13).
    expect(unitConverter('degF', 'degC')(32)).toBe(0);
  });

  it('refuses a unit of another quantity', () => {
    expect(() => toCanonical('flow', 3, 'bar')).toThrow('bar is not a unit of flow');
    expect(() => unitConverter('A', 'bar')(1)).toThrow();
    expect(() => unitConverter('furlong', 'mm')).toThrow('unknown unit furlong');
  });
});

describe('unit names', () => {
  it('accepts the spellings of exports and payloads', () => {
    expect(normaliseUnit(' °C ')).toBe('degC');
    expect(normaliseUnit('PSI')).toBe('psi');
    expect(normaliseUnit('m³/h')).toBe('m3/h');
    expect(normaliseUnit('LPM')).toBe('L/min');
    expect(normaliseUnit('Nm')).toBe('N·m');
    expect(normaliseUnit('parsecs')).toBeNull();
    expect(isUnitOf('temperature', '°F')).toBe(true);
    expect(isUnitOf('temperature', 'bar')).toBe(false);
    expect(quantitiesOfUnit('bar')).toEqual(['pressure', 'differentialPressure', 'actuatorSupplyPressure']);
    expect(unitLabel('degC')).toBe('°C');
    expect(unitLabel('L/min')).toBe('L/min');
  });

  it('guesses the role of a channel from its name', () => {
    expect(guessChannelRole('P1_upstream', 'pressure')).toBe('upstream');
    expect(guessChannelRole('outlet pressure', 'pressure')).toBe('downstream');
    expect(guessChannelRole('position_sp', 'position')).toBe('command');
    expect(guessChannelRole('travel_fb', 'position')).toBe('feedback');
    expect(guessChannelRole('flow', 'flow')).toBeUndefined();
  });
});

describe('changes', () => {
  it('converts a difference without the offset of the scales', () => {
    expect(changeConverter('degC', 'degF')(5)).toBeCloseTo(9, 10);
    expect(changeConverter('degC', 'K')(5)).toBeCloseTo(5, 10);
    expect(changeConverter('bar', 'psi')(1)).toBeCloseTo(14.5038, 3);
  });
});

describe('impossibleReading (issue 27, item 7)', () => {
  it('refuses a temperature below absolute zero in every unit, and takes absolute zero itself', () => {
    expect(impossibleReading('temperature', -273.16, 'degC')).toBe('-273.16 °C is below absolute zero (-273.15 °C)');
    expect(impossibleReading('temperature', -459.68, 'degF')).toMatch(/below absolute zero/);
    expect(impossibleReading('temperature', -0.01, 'K')).toMatch(/below absolute zero/);
    for (const [value, unit] of [
      [-273.15, 'degC'],
      [-459.67, 'degF'],
      [0, 'K'],
    ] as const)
      expect(impossibleReading('temperature', value, unit)).toBeNull();
  });

  it('has no floor for signed quantities and refuses what overflows once converted', () => {
    expect(impossibleReading('differentialPressure', -50, 'bar')).toBeNull();
    expect(impossibleReading('flow', -3, 'L/min')).toBeNull();
    expect(impossibleReading('pressure', -1, 'bar')).toBeNull();
    expect(impossibleReading('pressure', -16, 'psi')).toMatch(/perfect vacuum/);
    expect(impossibleReading('current', 1e308, 'kA')).toBe('1e+308 kA is too large to store in A');
  });
});
