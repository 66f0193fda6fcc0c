import { describe, expect, it } from 'vitest';
import { readWorkOrderDraft, workOrderDraftPath } from './work-order-draft';

describe('work order draft in the URL', () => {
  it('carries title, description and priority to the valve screen and back', () => {
    const path = workOrderDraftPath(7, { title: 'Repair V-003-CV', description: 'Gland & seat: 5%', priority: 'high' });
    expect(path.startsWith('/valves/7?raise=work-order&')).toBe(true);
    const params = new URL(path, 'http://x').searchParams;
    expect(readWorkOrderDraft(params)).toEqual({
      title: 'Repair V-003-CV',
      description: 'Gland & seat: 5%',
      priority: 'high',
    });
  });

  it('reads nothing without raise=work-order, and a priority no form takes as medium', () => {
    expect(readWorkOrderDraft(new URLSearchParams('title=x'))).toBeNull();
    expect(readWorkOrderDraft(new URLSearchParams('raise=work-order&priority=urgent'))?.priority).toBe('medium');
  });
});
