import { describe, expect, it } from 'vitest';
import { typedNumber } from './typed-number';

describe('typedNumber', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['$', undefined],
    ['12', 12],
    [' 85.40 ', 85.4],
    ['$1,250.00', 1250],
    ['€ 86', 86],
    ['1 250', 1250],
    ['2,5', 2.5],
    ['1.200,5', 1200.5],
    ['-3', -3],
  ])('reads %j as %j', (typed, number) => {
    expect(typedNumber(typed)).toBe(number);
  });

  it.each(['ten', '1,2,3', '12 kg'])('refuses %j as no number (NaN, for the contract to say so)', (typed) => {
    expect(typedNumber(typed)).toBeNaN();
  });
});
