import type { ValveSummary } from '@common/schemas/valves';

type Nominal = Pick<ValveSummary, 'sizeDn' | 'sizeNps' | 'pressureClass' | 'pressurePn'>;

/** NPS as a plant writes it: 1-1/2, 3/4, 4 (eighths at most, which is all ASME B36.10M has). */
export function npsText(nps: number): string {
  const whole = Math.floor(nps);
  const eighths = Math.round((nps - whole) * 8);
  if (eighths === 0) return String(whole);
  const divisor = eighths % 4 === 0 ? 4 : eighths % 2 === 0 ? 2 : 1;
  const fraction = `${eighths / divisor}/${8 / divisor}`;
  return whole ? `${whole}-${fraction}` : fraction;
}

/**
 * The size as the database read it, in the plant's unit first (issue 30): "NPS 4 · DN 100" or "DN 100 · NPS 4";
 * null when the size text names no nominal size.
 */
export function nominalSizeText(valve: Nominal, unit: 'in' | 'DN'): string | null {
  const nps = valve.sizeNps === null ? null : `NPS ${npsText(valve.sizeNps)}`;
  const dn = valve.sizeDn === null ? null : `DN ${valve.sizeDn}`;
  const parts = unit === 'DN' ? [dn, nps] : [nps, dn];
  const shown = parts.filter((part): part is string => part !== null);
  return shown.length ? shown.join(' · ') : null;
}

/** "Class 600 · PN 110": the class read from the text and its PN (as written, or EN 1759-1's pair). */
export function ratingText(valve: Nominal): string | null {
  const parts = [
    valve.pressureClass === null ? null : `Class ${valve.pressureClass}`,
    valve.pressurePn === null ? null : `PN ${valve.pressurePn}`,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : null;
}
