import { numberAsTyped } from '@common/typed-numbers';

/**
 * A number typed in a form field, read as a person meant it ("1,250.00", "$85", "2,5"; common/typed-numbers.ts):
 * empty is no number (undefined, for the contract to call required); what cannot be read is NaN, which the
 * contract refuses as "must be a number".
 */
export function typedNumber(text: string): number | undefined {
  const typed = text.trim().replace(/^[$€£]\s*/, '');
  if (typed === '') return undefined;
  return numberAsTyped(typed) ?? Number.NaN;
}
