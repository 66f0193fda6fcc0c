import { SAMPLE_VALVE_IDS } from '@common/constants';
import { describe, expect, it } from 'vitest';
import { nextSimulatedScan, sampleAfter } from './simulated-scan';

describe('Simulate Scan', () => {
  it('walks the five sample valves in order, and starts again after the last', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => kept.set(k, v) };
    const walked = Array.from({ length: 6 }, () => nextSimulatedScan(storage));
    expect(walked.map((s) => s.valveId)).toEqual([...SAMPLE_VALVE_IDS, 'V-001-BV']);
    expect(walked.map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 1]);
  });

  it('starts at the first when the last one is unknown', () => {
    expect(sampleAfter('V-999-XX')).toEqual({ valveId: 'V-001-BV', position: 1 });
  });
});
