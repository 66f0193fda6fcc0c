/** A number typed in a field: empty is no number (undefined); anything else goes as typed, for the contract to judge. */
export const typedNumber = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text.trim().replace(',', '.'));
