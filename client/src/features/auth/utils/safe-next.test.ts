import { describe, expect, it } from 'vitest';
import { HOME_PATH, loginPath, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('keeps paths of this site with their query and hash', () => {
    expect(safeNextPath('/valves')).toBe('/valves');
    expect(safeNextPath('/valves?plant=Gas+Plant+B&q=V-001')).toBe('/valves?plant=Gas+Plant+B&q=V-001');
    expect(safeNextPath('/work-orders/12#photos')).toBe('/work-orders/12#photos');
  });

  it('goes home when nothing usable was asked for', () => {
    for (const raw of [null, undefined, '', 'valves', '/login', '/login?next=/valves']) {
      expect(safeNextPath(raw)).toBe(HOME_PATH);
    }
  });

  it('refuses every way out of the site', () => {
    for (const raw of [
      '//evil.example',
      '//evil.example/valves',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      ' //evil.example',
    ]) {
      expect(safeNextPath(raw), raw).toBe(HOME_PATH);
    }
  });
});

describe('loginPath', () => {
  it('carries the current path and search, encoded', () => {
    expect(loginPath('/valves')).toBe('/login?next=%2Fvalves');
    expect(loginPath('/valves?plant=A&q=x')).toBe('/login?next=%2Fvalves%3Fplant%3DA%26q%3Dx');
  });
});
