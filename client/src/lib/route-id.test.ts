import { describe, expect, it } from 'vitest';
import { HttpError } from './http';
import { isNotFound, parseRouteId } from './route-id';

describe('parseRouteId', () => {
  it('accepts positive whole numbers the server can hold', () => {
    expect(parseRouteId('12')).toBe(12);
    expect(parseRouteId('2147483647')).toBe(2_147_483_647);
  });

  it('rejects anything else', () => {
    for (const param of [undefined, '', '0', '-1', '1.5', 'abc', '12abc', '2147483648', '99999999999999999999']) {
      expect(parseRouteId(param)).toBeNull();
    }
  });
});

describe('isNotFound', () => {
  it('is true only for a 404 answer', () => {
    expect(isNotFound(new HttpError(404, '404: Valve not found'))).toBe(true);
    expect(isNotFound(new HttpError(500, '500: oops'))).toBe(false);
    expect(isNotFound(new TypeError('Failed to fetch'))).toBe(false);
  });
});
