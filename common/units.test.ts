import { describe, expect, it } from 'vitest';
import {
  barToPsi,
  celsiusToFahrenheit,
  inchesPerSecondToMmPerSecond,
  kpaToPsi,
  STORED_UNITS,
  toFahrenheit,
  toMmPerSecond,
  toPsi,
  toStoredUnit,
} from './units';

describe('temperature', () => {
  it('converts the fixed points of water and the point where both scales meet', () => {
    expect(celsiusToFahrenheit(0)).toBe(32);
    expect(celsiusToFahrenheit(100)).toBe(212);
    expect(celsiusToFahrenheit(-40)).toBe(-40);
    expect(celsiusToFahrenheit(37)).toBeCloseTo(98.6, 10);
  });

  it('leaves °F as it is', () => {
    expect(toFahrenheit(451, '°F')).toBe(451);
    expect(toFahrenheit(20, '°C')).toBe(68);
  });
});

describe('pressure', () => {
  it('converts bar and kPa with the NIST psi', () => {
    expect(barToPsi(1)).toBeCloseTo(14.503774, 6);
    expect(kpaToPsi(6.894757293168361)).toBeCloseTo(1, 12);
    expect(kpaToPsi(101.325)).toBeCloseTo(14.695949, 6); // one standard atmosphere
    expect(barToPsi(10)).toBeCloseTo(kpaToPsi(1000), 12);
  });

  it('leaves PSI as it is', () => {
    expect(toPsi(150, 'PSI')).toBe(150);
    expect(toPsi(2, 'bar')).toBeCloseTo(29.007548, 6);
    expect(toPsi(200, 'kPa')).toBeCloseTo(29.007548, 6);
  });
});

describe('vibration', () => {
  it('converts inches per second to millimetres per second', () => {
    expect(inchesPerSecondToMmPerSecond(1)).toBe(25.4);
    expect(inchesPerSecondToMmPerSecond(0.11)).toBeCloseTo(2.794, 10); // about ISO 10816 zone B/C
    expect(toMmPerSecond(2.8, 'mm/s')).toBe(2.8);
    expect(toMmPerSecond(0.5, 'in/s')).toBe(12.7);
  });
});

describe('toStoredUnit', () => {
  it('picks the conversion of the sensor', () => {
    const units = { temperature: '°C', pressure: 'bar', vibration: 'in/s' } as const;
    expect(toStoredUnit('temperature', 50, units)).toBe(122);
    expect(toStoredUnit('pressure', 1, units)).toBeCloseTo(14.503774, 6);
    expect(toStoredUnit('vibration', 0.1, units)).toBeCloseTo(2.54, 10);
  });

  it('is the identity in the stored units', () => {
    for (const sensor of ['temperature', 'pressure', 'vibration'] as const) {
      expect(toStoredUnit(sensor, 12.34, STORED_UNITS)).toBe(12.34);
    }
  });
});
