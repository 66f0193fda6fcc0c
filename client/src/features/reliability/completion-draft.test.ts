import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from '@/lib/local-time';
import { completionPart, EMPTY_FAILURE, EMPTY_ROW, failureOf, sentIndex } from './completion-draft';

describe('failureOf', () => {
  it('is no failure without a mode', () => {
    expect(failureOf({ ...EMPTY_FAILURE, mechanism: '2.2' })).toBeUndefined();
  });

  it('sends the chosen codes only, and the failed-at time as an instant', () => {
    const failure = failureOf({ ...EMPTY_FAILURE, mode: 'INL', cause: '1.1', failedAt: '2026-03-04T14:05' });
    expect(failure).toEqual({ mode: 'INL', cause: '1.1', failedAt: new Date('2026-03-04T14:05').toISOString() });
  });
});

describe('completionPart', () => {
  it('adds nothing for no failure and no downtime, and marks the mode field', () => {
    expect(completionPart({ failure: EMPTY_FAILURE, downtime: [] })).toEqual({
      body: {},
      issues: [],
      fields: ['failure.mode'],
    });
  });

  it('sends the failure and the filled periods, dropping a row left empty', () => {
    const part = completionPart({
      failure: { ...EMPTY_FAILURE, mode: 'LCP' },
      downtime: [
        EMPTY_ROW,
        { startedAt: '2026-03-01T08:00', endedAt: '2026-03-01T12:30', reason: 'Isolated for seat repair' },
      ],
    });
    expect(part.body).toEqual({
      failure: { mode: 'LCP' },
      downtime: [
        {
          startedAt: new Date('2026-03-01T08:00').toISOString(),
          endedAt: new Date('2026-03-01T12:30').toISOString(),
          reason: 'Isolated for seat repair',
        },
      ],
    });
    expect(part.issues).toEqual([]);
    expect(part.fields).toEqual([
      'failure.mode',
      'failure.mechanism',
      'failure.cause',
      'failure.remedy',
      'failure.detectedBy',
      'failure.failedAt',
      'downtime.0.startedAt',
      'downtime.0.endedAt',
      'downtime.0.reason',
    ]);
  });

  it('says which field of a half-filled period is missing, by the index it is sent at', () => {
    const part = completionPart({
      failure: EMPTY_FAILURE,
      downtime: [EMPTY_ROW, { startedAt: '2026-03-01T08:00', endedAt: '', reason: ' ' }],
    });
    expect(part.issues).toEqual([
      { path: 'downtime.0.endedAt', message: 'is required' },
      { path: 'downtime.0.reason', message: 'is required' },
    ]);
    expect(part.body.downtime).toHaveLength(1);
  });
});

describe('sentIndex', () => {
  const filled = { startedAt: '2026-03-01T08:00', endedAt: '', reason: '' };
  it('counts only the rows that are sent', () => {
    const rows = [EMPTY_ROW, filled, EMPTY_ROW, filled];
    expect(sentIndex(rows, 0)).toBeNull();
    expect(sentIndex(rows, 1)).toBe(0);
    expect(sentIndex(rows, 3)).toBe(1);
  });
});

describe('local time', () => {
  it('round-trips a datetime-local value through the instant it means', () => {
    expect(toLocalInput(fromLocalInput('2026-03-04T14:05'))).toBe('2026-03-04T14:05');
    expect(fromLocalInput('')).toBeUndefined();
    expect(toLocalInput(null)).toBe('');
  });
});
