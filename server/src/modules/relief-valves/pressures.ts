import { unitConverter } from '@common/quantities';
import { mapWorkPressures } from '@common/relief-valves/work-pressures';
import type { PRESSURE_UNITS, ReliefTestWork } from '@common/schemas/relief-valves';

type PressureUnit = (typeof PRESSURE_UNITS)[number];

/** A converter from the unit a write used to psi, the stored unit (docs/decisions/040-relief-pressures-in-psi.md). */
export function toPsi(unit: PressureUnit): (value: number) => number {
  const convert = unitConverter(unit, 'psi');
  // Rounded to 0.01 psi: a gauge reads no finer, and 4.826 bar should store as 70 psi, not 69.99999.
  return (value) => Math.round(convert(value) * 100) / 100;
}

/** Every pressure of a record's work in psi. */
export function workInPsi(work: ReliefTestWork, unit: PressureUnit): ReliefTestWork {
  return unit === 'psi' ? work : mapWorkPressures(work, toPsi(unit));
}
