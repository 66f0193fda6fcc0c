import type { ReliefTestWork } from '../schemas/relief-valves';

/**
 * Every pressure of a record's work through `convert` (openings, simmers, reseats, seat holds, the set of a repair
 * nameplate and of the plate as found), the rest as it is: the server stores work in psi, and a draft edited is shown
 * again in the unit it was entered in.
 */
export function mapWorkPressures(work: ReliefTestWork, convert: (value: number) => number): ReliefTestWork {
  const opt = (v: number | null | undefined) => (v === null || v === undefined ? v : convert(v));
  const pop = (p: ReliefTestWork['asFound']) =>
    p && { ...p, opening: opt(p.opening) ?? null, simmer: opt(p.simmer), reseat: opt(p.reseat) };
  const seat = (s: ReliefTestWork['asFoundSeat']) => s && { ...s, heldPressure: convert(s.heldPressure) };
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
