import { describe, expect, it } from 'vitest';
import type { Cell } from '../../lib/cells';
import type { ImportRow } from '../../lib/imports';
import { readDeviceRow, readTagRow, unitInCell } from './import-rows';

/** A row whose columns are named after their fields. */
const rowOf = (cells: Record<string, Cell>): ImportRow => ({
  row: 1,
  cells: new Map(Object.entries(cells).map(([field, cell]) => [field, { column: field, cell }])),
});

describe('a relief register row', () => {
  it('reads the unit written in a pressure cell as the contract unit', () => {
    expect(['150 psi', '150 psig', '10.3 barg', '10,3 bar', '1.2 MPa', '850 kPag', '150', 150].map(unitInCell)).toEqual(
      ['psi', 'psi', 'bar', 'bar', 'MPa', 'kPa', null, null],
    );
  });

  it('takes the unit from the cell, or from the Pressure unit column, and refuses two units in one row', () => {
    expect(readTagRow(rowOf({ setPressure: '10.3 barg' }))).toEqual({
      values: { setPressure: 10.3, pressureUnit: 'bar' },
      refused: [],
    });
    expect(readTagRow(rowOf({ setPressure: 850, pressureUnit: 'KPAG' })).values).toEqual({
      setPressure: 850,
      pressureUnit: 'kPa',
    });
    expect(readDeviceRow(rowOf({ setPressure: '150 psi', superimposedBackPressure: '1 bar' }))).toEqual({
      values: { setPressure: 150, pressureUnit: 'psi' },
      refused: [
        {
          row: 1,
          column: 'superimposedBackPressure',
          message: "is in bar, but setPressure says psi: write a row's pressures in one unit",
        },
      ],
    });
    expect(readTagRow(rowOf({ setPressure: '150 psia' })).refused[0].message).toMatch(/has a unit we do not read here/);
  });

  it('reads intervals in months or years, and the contract words as registers write them', () => {
    expect(
      readTagRow(rowOf({ intervalMonths: '2 years', maxIntervalMonths: '60 months', intervalRule: 'RBI' })).values,
    ).toEqual({ intervalMonths: 24, maxIntervalMonths: 60, intervalRule: 'risk-based' });
    const months = (cell: string) => readTagRow(rowOf({ intervalMonths: cell })).values.intervalMonths;
    for (const unit of ['', ' mo', ' mos', ' mon', ' month', ' months']) expect(months(`18${unit}`), unit).toBe(18);
    for (const unit of ['y', 'yr', 'yrs', 'year', 'years']) expect(months(`3 ${unit}`), unit).toBe(36);
    for (const cell of ['90 days', '2 d', '12 wk']) {
      expect(readTagRow(rowOf({ intervalMonths: cell })).refused[0].message).toBe(
        `"${cell}" is not in months or years`,
      );
    }
    expect(readTagRow(rowOf({ intervalMonths: '3 weeks' })).refused[0].message).toBe(
      '"3 weeks" is not in months or years',
    );
    expect(
      readDeviceRow(rowOf({ design: 'Pilot operated', seatType: 'O-ring', code: 'Section I', serviceFluid: 'Vapour' }))
        .values,
    ).toEqual({ design: 'pilot', seatType: 'soft', code: 'asme-i', serviceFluid: 'gas' });
  });
});
