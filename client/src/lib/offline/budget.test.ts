import { STORAGE_GUIDANCE } from '@common/constants';
import { describe, expect, it } from 'vitest';
import { checkBudget, estimateDownload, RECORD_BYTES } from './budget';
import { plantsToKeep, togglePlant } from './kept-plants';

const counts = [
  { plant: 'Gas Plant B', valves: 500, workOrders: 40, reliefTags: 10 },
  { plant: 'Power Plant A', valves: 1500, workOrders: 110, reliefTags: 0 },
];

describe('estimateDownload', () => {
  it('sums the picked plants with the average size of each record', () => {
    expect(estimateDownload(counts, ['Gas Plant B'])).toEqual({
      valves: 500,
      workOrders: 40,
      reliefTags: 10,
      bytes: 500 * RECORD_BYTES.valve + 40 * RECORD_BYTES.workOrder + 10 * RECORD_BYTES.reliefTag,
    });
    expect(estimateDownload(counts, ['Gas Plant B', 'Power Plant A']).valves).toBe(2000);
    expect(estimateDownload(counts, []).bytes).toBe(0);
  });
});

describe('checkBudget (spec §9: keep 1 GB free, critical data about 50 MB)', () => {
  const GB = 1_000_000_000;
  it('refuses what does not fit in the room the browser gives', () => {
    expect(checkBudget(20_000_000, { usage: 0, quota: 10_000_000 }).verdict).toBe('refuse');
  });
  it('warns when less than 1 GB would be left, or above the 50 MB planned for critical data', () => {
    expect(checkBudget(20_000_000, { usage: 0, quota: GB }).verdict).toBe('warn');
    expect(checkBudget(STORAGE_GUIDANCE.criticalDataBytes + 1, { usage: 0, quota: 100 * GB }).verdict).toBe('warn');
  });
  it('lets a plant that fits through, and checks only the 50 MB when the browser says nothing', () => {
    expect(checkBudget(20_000_000, { usage: 0, quota: 100 * GB })).toEqual({ verdict: 'ok', message: null });
    expect(checkBudget(20_000_000, null).verdict).toBe('ok');
    expect(checkBudget(60_000_000, null).verdict).toBe('warn');
  });
});

describe('plant choice', () => {
  const visible = ['Gas Plant B', 'Power Plant A', 'Chemical Plant C'];
  it('keeps every plant the user may see until they pick, and never one they may no longer see', () => {
    expect(plantsToKeep(null, visible)).toEqual(visible);
    expect(plantsToKeep(['Gas Plant B', 'Nuclear Plant D'], visible)).toEqual(['Gas Plant B']);
  });
  it('unticking one keeps the others; ticking them all again is "all" (a plant added later is kept too)', () => {
    const picked = togglePlant(null, visible, 'Power Plant A', false);
    expect(picked).toEqual(['Gas Plant B', 'Chemical Plant C']);
    expect(togglePlant(picked, visible, 'Power Plant A', true)).toBeNull();
  });
});
