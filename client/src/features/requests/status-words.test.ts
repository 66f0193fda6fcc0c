import { describe, expect, it } from 'vitest';
import { statusWords, titleFromDescription } from './status-words';

describe('statusWords', () => {
  it('says each status as the sender reads it', () => {
    expect(statusWords({ status: 'open', reason: null, workOrderNumber: null })).toBe(
      'Received — waiting for a supervisor',
    );
    expect(statusWords({ status: 'approved', reason: null, workOrderNumber: 'WO-2026-0042' })).toBe(
      'Approved: work order WO-2026-0042',
    );
    expect(statusWords({ status: 'merged', reason: null, workOrderNumber: 'WO-2026-0007' })).toBe(
      'Added to work order WO-2026-0007',
    );
    expect(statusWords({ status: 'rejected', reason: 'Cosmetic', workOrderNumber: null })).toBe(
      'Not accepted: Cosmetic',
    );
  });

  it('never prints "null" for a missing number or reason', () => {
    expect(statusWords({ status: 'approved', reason: null, workOrderNumber: null })).not.toContain('null');
    expect(statusWords({ status: 'rejected', reason: null, workOrderNumber: null })).not.toContain('null');
  });
});

describe('titleFromDescription', () => {
  it('keeps a short description whole', () => {
    expect(titleFromDescription('  Steam from the gland  ')).toBe('Steam from the gland');
  });

  it('takes the first line only', () => {
    expect(titleFromDescription('Knocking at start\nLouder since Monday')).toBe('Knocking at start');
  });

  it('cuts a long line at a word, within the limit', () => {
    const title = titleFromDescription('word '.repeat(40), 30);
    expect(title.length).toBeLessThanOrEqual(30);
    expect(title.endsWith('word…')).toBe(true);
  });

  it('cuts a line without spaces where it must', () => {
    expect(titleFromDescription('x'.repeat(100), 20)).toBe(`${'x'.repeat(19)}…`);
  });
});
