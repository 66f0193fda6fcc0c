import { describe, expect, it, vi } from 'vitest';
import { isConnectionLost, isTransientConflict, retryOnConflict } from './unavailable';

const failed = (code: string) => Object.assign(new Error('Failed query: insert …'), { cause: { code } });

describe('what a database error means', () => {
  it('tells a deadlock or serialization failure (run it again) from a lost connection and a real error', () => {
    expect([failed('40P01'), failed('40001')].map(isTransientConflict)).toEqual([true, true]);
    expect([failed('57P01'), failed('23505')].map(isTransientConflict)).toEqual([false, false]);
    expect(isConnectionLost(failed('40P01'))).toBe(false);
  });
});

describe('retryOnConflict', () => {
  it('runs the transaction again after a deadlock, undoing what the try left, and gives up after three', async () => {
    const beforeRetry = vi.fn();
    let tries = 0;
    const once = () => (++tries === 1 ? Promise.reject(failed('40P01')) : Promise.resolve('stored'));
    expect(await retryOnConflict(once, beforeRetry)).toBe('stored');
    expect([tries, beforeRetry.mock.calls.length]).toEqual([2, 1]);

    tries = 0;
    const conflicting = () => {
      tries++;
      return Promise.reject(failed('40001'));
    };
    await expect(retryOnConflict(conflicting)).rejects.toThrow('Failed query');
    expect(tries).toBe(3);
  });

  it('does not run again a transaction that failed for any other reason', async () => {
    let tries = 0;
    const duplicate = () => {
      tries++;
      return Promise.reject(failed('23505'));
    };
    await expect(retryOnConflict(duplicate)).rejects.toThrow();
    expect(tries).toBe(1);
  });
});
