import { unitConverter } from '@common/quantities';
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
  if (unit === 'psi') return work;
  const psi = toPsi(unit);
  const opt = (v: number | null | undefined) => (v === null || v === undefined ? v : psi(v));
  const pop = (p: ReliefTestWork['asFound']) =>
    p && { ...p, opening: opt(p.opening) ?? null, simmer: opt(p.simmer), reseat: opt(p.reseat) };
  const seat = (s: ReliefTestWork['asFoundSeat']) => s && { ...s, heldPressure: psi(s.heldPressure) };
  return {
    ...work,
    asFound: pop(work.asFound),
    asLeft: pop(work.asLeft),
    asFoundSeat: seat(work.asFoundSeat),
    asLeftSeat: seat(work.asLeftSeat),
    nameplateChange: work.nameplateChange && {
      ...work.nameplateChange,
      setPressure: opt(work.nameplateChange.setPressure) ?? undefined,
    },
    foundNameplate: work.foundNameplate && {
      ...work.foundNameplate,
      setPressure: opt(work.foundNameplate.setPressure) ?? undefined,
    },
  };
}
