import type { TestMedium } from './rules';

/*
 * What the bench set of a relief valve is, where its service differs from the bench: the cold differential test
 * pressure (CDTP), back pressure, and a steam valve set on air. Printed on the certificate (docs/relief-valves.md,
 * "Set conditions"); the opening is still judged at the set pressure (rules.ts).
 */

export const SERVICE_FLUIDS = ['steam', 'gas', 'liquid'] as const;
export type ServiceFluid = (typeof SERVICE_FLUIDS)[number];

export type SetConditions = {
  setPressure: number;
  design: string;
  serviceFluid: string | null;
  coldDifferentialTestPressure: number | null;
  superimposedBackPressure: number | null;
  builtUpBackPressure: number | null;
};

/** A share of the set pressure, as API 520 states its limit on a conventional valve's built-up back pressure. */
export const CONVENTIONAL_BUILT_UP_LIMIT = 0.1;

const round = (v: number) => Math.round(v * 100) / 100;

/**
 * The CDTP: the bench pressure the valve is adjusted to open at so that it opens at its set in service (ASME PTC 25
 * and API 520 Part I define it: corrected for superimposed back pressure, temperature, or both).
 * - Stamped on the nameplate: that figure (the maker's, with any temperature correction; we compute none).
 * - Otherwise a conventional valve: set minus the superimposed back pressure, which adds to its spring in service.
 * - A bellows or pilot valve is balanced against back pressure (API 520 Part I): its set.
 */
export function coldDifferentialTestPressure(d: SetConditions): { value: number; basis: string } {
  if (d.coldDifferentialTestPressure != null) {
    return { value: d.coldDifferentialTestPressure, basis: 'stamped on the nameplate' };
  }
  const superimposed = d.superimposedBackPressure ?? 0;
  if (d.design === 'conventional' && superimposed > 0) {
    return {
      value: round(d.setPressure - superimposed),
      basis: 'set minus superimposed back pressure: conventional valve, API 520 Part I',
    };
  }
  return {
    value: d.setPressure,
    basis:
      d.design === 'conventional'
        ? 'equal to set: no superimposed back pressure recorded'
        : `equal to set: a ${d.design} valve is balanced against back pressure, API 520 Part I`,
  };
}

/**
 * Built-up back pressure on a conventional valve over 10% of set cuts its lift and capacity (API 520 Part I);
 * a balanced (bellows or pilot) valve is needed there. Null when within the limit or not recorded.
 */
export function builtUpBackPressureWarning(d: SetConditions): string | null {
  if (d.design !== 'conventional' || d.builtUpBackPressure == null) return null;
  const share = d.builtUpBackPressure / d.setPressure;
  if (share <= CONVENTIONAL_BUILT_UP_LIMIT) return null;
  return `Built-up back pressure is ${round(share * 100)}% of set: over the 10% a conventional valve allows (API 520 Part I); a balanced valve is needed.`;
}

/** The correction a tester applied setting a steam valve on air or nitrogen, from the maker's data. */
export type AirSetCorrection = { percent: number; source: string };

/**
 * A steam valve is set on steam; where it is set on air or nitrogen instead (beyond the steam bench's size or
 * pressure), the maker's correction for the difference between steam and air is applied to the set (ASME VIII
 * UG-136(d)(4); NBIC Part 3 for repairs). The makers' figures differ by model, so the tester records the one used
 * and where it comes from; none recorded is printed as missing, never assumed to be zero.
 * Returns null where the valve is not a steam valve set on a gas.
 */
export function steamSetOnAir(
  d: SetConditions,
  medium: TestMedium,
  correction: AirSetCorrection | null | undefined,
): { benchSet: number | null; text: string; missing: boolean } | null {
  if (d.serviceFluid !== 'steam' || (medium !== 'air' && medium !== 'nitrogen')) return null;
  const cdtp = coldDifferentialTestPressure(d).value;
  if (!correction) {
    return {
      benchSet: null,
      missing: true,
      text: `Steam valve set on ${medium}: no maker's correction recorded (ASME VIII UG-136(d)(4) requires one).`,
    };
  }
  const benchSet = round(cdtp * (1 + correction.percent / 100));
  const sign = correction.percent >= 0 ? '+' : '';
  return {
    benchSet,
    missing: false,
    text: `Steam valve set on ${medium}: ${sign}${correction.percent}% (${correction.source}), bench set ${benchSet} psi for CDTP ${cdtp} psi (ASME VIII UG-136(d)(4)).`,
  };
}
