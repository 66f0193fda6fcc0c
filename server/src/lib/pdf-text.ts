import { dateTimeIn } from '@common/plant-days';

/**
 * pdfkit's standard fonts write WinAnsi only: a minus sign or an arrow outside it prints as another glyph ("!’",
 * issue 28 and 29). Text bound for a PDF goes through here: the true minus becomes a hyphen-minus, an arrow the
 * word "to", the comparison signs their ASCII pairs.
 */
export const winAnsi = (text: string) =>
  text
    .replace(/\u2212/g, '-')
    .replace(/\s*[\u2192\u21d2]\s*/g, ' to ')
    .replace(/\u2264/g, '<=')
    .replace(/\u2265/g, '>=');

/** A moment as the plant's clock shows it, with its zone named ("2026-11-27 09:50 CST"); UTC for no plant. */
export const plantDateTime = (at: Date | string, timeZone: string | null | undefined) =>
  dateTimeIn(at, timeZone ?? 'UTC');
