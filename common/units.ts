/**
 * Unit conversions for readings that arrive in a historian's units. The app stores and shows every reading in the
 * spec's units (§2.12): temperature °F, pressure PSI, vibration mm/s. Pure functions, shared by the CSV import
 * screen and anything on the server that takes foreign units; the unit lists are the contract's (SENSOR_UNITS).
 */
import { CANONICAL_UNITS, type SensorUnit } from './analytics';
import type { SensorType } from './constants';

export type SensorUnits = { [S in SensorType]: SensorUnit<S> };
export type TemperatureUnit = SensorUnit<'temperature'>;
export type PressureUnit = SensorUnit<'pressure'>;
export type VibrationUnit = SensorUnit<'vibration'>;

/** The units the app stores (common/analytics.ts CANONICAL_UNITS): a reading already in them is not converted. */
export const STORED_UNITS: SensorUnits = CANONICAL_UNITS;

/** One pound-force per square inch in pascals (NIST SP 811, B.8: 6.894 757 E+03, exact from the pound and inch). */
const PASCALS_PER_PSI = 6894.757293168361;
const MM_PER_INCH = 25.4;

export function celsiusToFahrenheit(celsius: number): number {
  return (celsius * 9) / 5 + 32;
}

export function barToPsi(bar: number): number {
  return (bar * 100_000) / PASCALS_PER_PSI;
}

export function kpaToPsi(kpa: number): number {
  return (kpa * 1000) / PASCALS_PER_PSI;
}

export function inchesPerSecondToMmPerSecond(inchesPerSecond: number): number {
  return inchesPerSecond * MM_PER_INCH;
}

export function toFahrenheit(value: number, unit: TemperatureUnit): number {
  return unit === '°C' ? celsiusToFahrenheit(value) : value;
}

export function toPsi(value: number, unit: PressureUnit): number {
  if (unit === 'bar') return barToPsi(value);
  if (unit === 'kPa') return kpaToPsi(value);
  return value;
}

export function toMmPerSecond(value: number, unit: VibrationUnit): number {
  return unit === 'in/s' ? inchesPerSecondToMmPerSecond(value) : value;
}

/** A value of the given sensor, in the chosen unit, converted to the unit the app stores. */
export function toStoredUnit(sensorType: SensorType, value: number, units: SensorUnits): number {
  if (sensorType === 'temperature') return toFahrenheit(value, units.temperature);
  if (sensorType === 'pressure') return toPsi(value, units.pressure);
  return toMmPerSecond(value, units.vibration);
}
