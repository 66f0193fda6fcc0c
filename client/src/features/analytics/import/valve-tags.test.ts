import { VALVE_TAG_MESSAGE } from '@common/constants';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/http';
import type { ParsedReading } from './csv-mapping';
import { findKnownTags, keepKnownValves } from './valve-tags';

describe('findKnownTags', () => {
  it('asks about each well-formed tag and keeps those the server finds', async () => {
    const lookup = vi.fn((tag: string) =>
      tag === 'V-999-XX'
        ? Promise.reject(new HttpError(404, '404: {"message":"Valve not found"}'))
        : Promise.resolve({}),
    );
    const known = await findKnownTags(['V-001-BV', 'V-999-XX', 'PUMP 7', 'FCV-101A'], lookup);
    expect([...known].sort()).toEqual(['FCV-101A', 'V-001-BV']);
    expect(lookup).toHaveBeenCalledTimes(3);
  });

  it('lets other failures through: "no connection" must not read as "no such valve"', async () => {
    await expect(findKnownTags(['V-001-BV'], () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow(
      'Failed to fetch',
    );
  });
});

describe('keepKnownValves', () => {
  const reading = (row: number, valveTag: string): ParsedReading => ({
    row,
    valveTag,
    timestamp: '2026-11-20T00:00:00.000Z',
    sensorType: 'pressure',
    value: 1,
  });

  it('keeps known valves and reports each row of an unknown or malformed tag once', () => {
    const { readings, problems } = keepKnownValves(
      [reading(2, 'V-001-BV'), reading(3, 'V-999-XX'), reading(3, 'V-999-XX'), reading(4, 'PUMP 7')],
      new Set(['V-001-BV']),
    );
    expect(readings.map((r) => r.row)).toEqual([2]);
    expect(problems).toEqual([
      { row: 3, reason: "valve 'V-999-XX' not found" },
      { row: 4, reason: `valve tag 'PUMP 7' ${VALVE_TAG_MESSAGE}` },
    ]);
  });
});
