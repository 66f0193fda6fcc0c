/**
 * A number as a person typed it, in a cell of a register or a field of a form: "1,200", "1 200", "1.200,5" and "1,5",
 * the separators people write. Three digits after a single comma are a thousands group (en-US "1,200"); any other
 * single comma is a decimal comma (de-DE "1,5"). Null when it is no number.
 */
export function numberAsTyped(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  let normal: string;
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(compact)) normal = compact.replace(/,/g, '');
  else if (/^[-+]?\d{1,3}(\.\d{3})+(,\d+)?$/.test(compact)) normal = compact.replace(/\./g, '').replace(',', '.');
  else if (/^[-+]?\d+,\d+$/.test(compact)) normal = compact.replace(',', '.');
  else normal = compact;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normal)) return null;
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}
