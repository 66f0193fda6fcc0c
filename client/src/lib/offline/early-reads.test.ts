import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_READS,
  EARLY_READS_GLOBAL,
  EARLY_SESSION_READ,
  earlyReadsStarter,
  forgetEarlyReads,
  markSignedIn,
  SIGNED_IN_MARK,
  takeEarlyRead,
} from './early-reads';

const globals = globalThis as unknown as Record<string, unknown>;
afterEach(() => {
  delete globals[EARLY_READS_GLOBAL];
  vi.unstubAllGlobals();
});

/** Runs the starter on `pathname` with a device's storage, and says which paths it asked for. */
function startOn(pathname: string, stored: Record<string, string>) {
  const asked: string[] = [];
  vi.stubGlobal('location', { pathname });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored[key] ?? null,
    setItem: (key: string, value: string) => {
      stored[key] = value;
    },
    removeItem: (key: string) => {
      delete stored[key];
    },
  });
  vi.stubGlobal('fetch', (path: string) => {
    asked.push(path);
    return Promise.resolve(new Response('null'));
  });
  new Function(earlyReadsStarter())();
  return asked;
}

describe('early reads', () => {
  it('hands a started request to the first read of its path only', async () => {
    const response = Promise.resolve(new Response('{}'));
    globals[EARLY_READS_GLOBAL] = new Map([['/api/auth/session', response]]);
    expect(takeEarlyRead('/api/auth/session')).toBe(response);
    expect(takeEarlyRead('/api/auth/session')).toBeUndefined();
  });

  it('hands nothing over once the reads are forgotten (a refused read: they were asked without a session)', () => {
    globals[EARLY_READS_GLOBAL] = new Map([['/api/work-orders', Promise.resolve(new Response('[]'))]]);
    forgetEarlyReads();
    expect(takeEarlyRead('/api/work-orders')).toBeUndefined();
  });

  it('has nothing to hand over on a page without the starter', () => {
    expect(takeEarlyRead('/api/auth/session')).toBeUndefined();
  });

  it("asks a signed-out visitor's page for the session only, a signed-in device's for the dashboard too", () => {
    expect(startOn('/app', {})).toEqual([EARLY_SESSION_READ]);
    const device: Record<string, string> = {};
    vi.stubGlobal('localStorage', { setItem: (key: string, value: string) => (device[key] = value) });
    markSignedIn(true);
    expect(device).toEqual({ [SIGNED_IN_MARK]: '1' });
    expect(startOn('/app', device)).toEqual([EARLY_SESSION_READ, ...EARLY_READS['/app']]);
    expect(startOn('/pricing', device)).toEqual([]);
  });

  it('builds a starter that is a plain script', () => {
    expect(() => new Function(earlyReadsStarter())).not.toThrow();
  });
});
