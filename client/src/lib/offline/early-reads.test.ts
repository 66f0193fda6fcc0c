import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_READS_GLOBAL, earlyReadsStarter, forgetEarlyReads, takeEarlyRead } from './early-reads';

const globals = globalThis as unknown as Record<string, unknown>;
afterEach(() => {
  delete globals[EARLY_READS_GLOBAL];
});

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

  it('builds a starter that is a plain script', () => {
    expect(() => new Function(earlyReadsStarter())).not.toThrow();
  });
});
