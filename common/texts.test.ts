import { describe, expect, it } from 'vitest';
import { roleLabel, TEXTS } from './texts';

describe('display texts', () => {
  it('label roles as people read them, unknown ones as they are', () => {
    expect(['technician', 'supervisor', 'engineer', 'admin'].map(roleLabel)).toEqual([
      'Technician',
      'Supervisor',
      'Engineer',
      'Admin',
    ]);
    expect(roleLabel('auditor')).toBe('auditor');
  });

  it('word the banner counts as the spec does', () => {
    expect(TEXTS.banner.syncing(3)).toBe('Syncing 3 items');
    expect(TEXTS.banner.queued(3)).toBe('3 items queued for sync');
  });
});
