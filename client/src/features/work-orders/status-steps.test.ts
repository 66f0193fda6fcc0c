import { describe, expect, it } from 'vitest';
import { completeBlocker, statusSteps } from './status-steps';

describe('statusSteps', () => {
  it('offers Start from Ready, Pause from In Progress, Reopen from Completed', () => {
    expect(statusSteps('pending').map((s) => [s.label, s.to])).toEqual([['Start Work', 'in_progress']]);
    expect(statusSteps('in_progress').map((s) => [s.label, s.to])).toEqual([['Pause', 'pending']]);
    expect(statusSteps('completed').map((s) => [s.label, s.to])).toEqual([['Reopen', 'in_progress']]);
  });

  it('never offers completing (it has its own form) nor a step to the same status', () => {
    for (const status of ['pending', 'in_progress', 'completed']) {
      for (const step of statusSteps(status)) {
        expect(step.to).not.toBe('completed');
        expect(step.to).not.toBe(status);
      }
    }
  });

  it('offers nothing for an unknown status', () => {
    expect(statusSteps('cancelled')).toEqual([]);
  });
});

describe('completeBlocker', () => {
  it('lets an allowed role complete only an order in progress', () => {
    expect(completeBlocker('in_progress', true)).toBeNull();
    expect(completeBlocker('pending', true)).toMatch(/Start/);
    expect(completeBlocker('completed', true)).toMatch(/Reopen/);
  });

  it('says who may complete when the role may not', () => {
    expect(completeBlocker('in_progress', false)).toMatch(/technicians, supervisors and admins/);
  });
});
