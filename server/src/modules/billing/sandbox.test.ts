import { describe, expect, it } from 'vitest';
import { intentIdOf, judgeCard, luhnValid } from './sandbox';

const NOW = new Date('2026-11-20T12:00:00Z');

describe('the sandbox card check', () => {
  it("treats Stripe's test numbers as Stripe's test mode does", () => {
    expect(judgeCard('4242424242424242', '12/30', NOW)).toEqual({ ok: true });
    expect(judgeCard('4000000000000002', '12/30', NOW)).toEqual({
      ok: false,
      status: 402,
      message: 'Your card was declined.',
    });
    expect(judgeCard('4000000000009995', '12/30', NOW)).toMatchObject({ status: 402 });
  });

  it('refuses real-looking numbers, bad checksums and past expiry dates', () => {
    expect(judgeCard('5555555555554444', '12/30', NOW)).toMatchObject({ ok: false, status: 400 });
    expect(judgeCard('4242424242424241', '12/30', NOW)).toMatchObject({ message: 'Your card number is invalid.' });
    expect(judgeCard('4242424242424242', '10/26', NOW)).toMatchObject({ status: 402 });
    expect(judgeCard('4242424242424242', '11/26', NOW)).toEqual({ ok: true });
  });

  it('checks the Luhn digit and reads intent ids out of client secrets', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
    expect(intentIdOf('sbx_pi_abc_secret_def')).toBe('sbx_pi_abc');
    expect(intentIdOf('nothing')).toBeNull();
  });
});
