import { describe, expect, it } from 'vitest';
import { cellDate, cellNumber, cellText, looksLikeFormula } from './cells';

describe('cells read as people meant them', () => {
  it('reads numbers with thousands separators, decimal commas and units', () => {
    const amount = (cell: string | number) => {
      const read = cellNumber(cell);
      return read && 'value' in read ? read.value : read;
    };
    expect(amount('1,200')).toEqual({ amount: 1200, unit: null });
    expect(amount('1 200')).toEqual({ amount: 1200, unit: null });
    expect(amount('1.200,5')).toEqual({ amount: 1200.5, unit: null });
    expect(amount('1,5')).toEqual({ amount: 1.5, unit: null });
    expect(amount('1,095 days')).toEqual({ amount: 1095, unit: 'days' });
    expect(amount('6 Months')).toEqual({ amount: 6, unit: 'months' });
    expect(amount(180)).toEqual({ amount: 180, unit: null });
    expect(amount('about six')).toEqual({ error: 'must be a number, not "about six"' });
    expect(amount('  ')).toBeNull();
  });

  it('reads dates from ISO, dotted, named-month and Excel serials, and refuses a slashed date that reads both ways', () => {
    const day = (cell: string | number | Date) => cellDate(cell);
    expect(day('2027-03-14')).toEqual({ value: '2027-03-14' });
    expect(day('2027-03-14T08:00:00Z')).toEqual({ value: '2027-03-14' });
    expect(day('14.03.2027')).toEqual({ value: '2027-03-14' });
    expect(day('14/03/2027')).toEqual({ value: '2027-03-14' });
    expect(day('03/14/2027')).toEqual({ value: '2027-03-14' });
    expect(day('Mar 14, 2027')).toEqual({ value: '2027-03-14' });
    expect(day('14 March 2027')).toEqual({ value: '2027-03-14' });
    expect(day(46_460)).toEqual({ value: '2027-03-14' });
    expect(day('46460')).toEqual({ value: '2027-03-14' });
    expect(day(new Date(Date.UTC(2027, 2, 14)))).toEqual({ value: '2027-03-14' });
    expect(day('03/04/2027')).toEqual({
      error: '"03/04/2027" could be 2027-04-03 or 2027-03-04: write the date as YYYY-MM-DD',
    });
    expect(day('2027-02-30')).toEqual({ error: 'must be a date (YYYY-MM-DD), not "2027-02-30"' });
    expect(day(12.5)).toEqual({ error: 'must be a date, not 12.5' });
  });

  it('holds the edges of each band: Excel serials 61 to 109574, a slashed date either way round or both the same', () => {
    // Serial 60 is Excel's 29 February 1900, a day that never was (its 1900 leap-year bug); 61 is 1 March 1900.
    expect(cellDate(60)).toEqual({ error: 'must be a date, not 60' });
    expect(cellDate(61)).toEqual({ value: '1900-03-01' });
    expect(cellDate(109_574)).toEqual({ value: '2199-12-31' });
    expect(cellDate(109_575)).toEqual({ error: 'must be a date, not 109575' });
    expect(cellDate('12/12/2027')).toEqual({ value: '2027-12-12' });
    expect(cellDate('13/12/2027')).toEqual({ value: '2027-12-13' });
    expect(cellDate('12/13/2027')).toEqual({ value: '2027-12-13' });
    expect(cellDate('12/11/2027')).toEqual({
      error: '"12/11/2027" could be 2027-11-12 or 2027-12-11: write the date as YYYY-MM-DD',
    });
    expect(cellDate('31.02.2027')).toEqual({ error: 'must be a date (YYYY-MM-DD), not "31.02.2027"' });
    expect(cellDate('2027-02-28')).toEqual({ value: '2027-02-28' });
    expect(cellDate('1899-12-31')).toEqual({ error: 'must be a date (YYYY-MM-DD), not "1899-12-31"' });
  });

  it('takes text as typed and tells a formula from a negative number or an address', () => {
    expect(cellText('  Line 3 ')).toBe('Line 3');
    expect(cellText(null)).toBeNull();
    expect(cellText(4)).toBe('4');
    expect(looksLikeFormula('=HYPERLINK("http://x","y")')).toBe(true);
    expect(looksLikeFormula('+SUM(A1:A2)')).toBe(true);
    expect(looksLikeFormula('@SUM(A1)')).toBe(true);
    expect(looksLikeFormula('-20 ft level')).toBe(false);
    expect(looksLikeFormula('@ the north wall')).toBe(false);
  });
});
