import { type WorkOrderDetail, workOrderCreateBody } from '@common/schemas/work-orders';
import { describe, expect, it } from 'vitest';
import { checkAgainst } from '@/lib/contract-check';
import { changedLabels, changedWorkOrderFields, toCreateBody, toValues, UNASSIGNED } from './work-order-form-values';

const order = {
  title: 'Replace packing',
  description: 'Stem weeps',
  priority: 'medium',
  // The end of Jul 1 at Power Plant A (Chicago, CDT): Jul 2 04:59 UTC, already Jul 2 in UTC and east of it.
  dueDate: '2026-07-02T04:59:59.999Z',
  assignedToUser: { id: 7, name: 'Maria Santos' },
  valve: { plant: 'Power Plant A' },
} as WorkOrderDetail;

describe('work order form values', () => {
  it("reads a work order into the inputs: the due day as the plant's YYYY-MM-DD, the assignee as its id", () => {
    expect(toValues(order, 'America/Chicago')).toEqual({
      title: 'Replace packing',
      description: 'Stem weeps',
      priority: 'medium',
      dueDate: '2026-07-01',
      assignee: '7',
    });
    expect(toValues(undefined, 'UTC')).toEqual({
      title: '',
      description: '',
      priority: 'medium',
      dueDate: '',
      assignee: UNASSIGNED,
    });
  });

  it('sends only what changed; cleared due date and assignee as null', () => {
    const before = toValues(order, 'America/Chicago');
    expect(changedWorkOrderFields(before, { ...before, title: ' Replace packing ' })).toEqual({});
    expect(changedWorkOrderFields(before, { ...before, priority: 'high', dueDate: '', assignee: UNASSIGNED })).toEqual({
      priority: 'high',
      dueDate: null,
      assignedToUserId: null,
    });
    expect(changedWorkOrderFields(before, { ...before, assignee: '9' })).toEqual({ assignedToUserId: 9 });
  });

  it('makes the create body the contract checks: its rules and messages, its trimming', () => {
    const blank = toValues(undefined, 'UTC');
    expect(checkAgainst(workOrderCreateBody, toCreateBody(3, { ...blank, title: '  ' })).issues).toEqual([
      { path: 'title', message: 'is required' },
    ]);
    const made = toCreateBody(3, { ...blank, title: ' Stem leak ', dueDate: '2026-07-01', assignee: '7' });
    expect(checkAgainst(workOrderCreateBody, made).body).toEqual({
      valveId: 3,
      title: 'Stem leak',
      description: '',
      priority: 'medium',
      dueDate: '2026-07-01',
      assignedToUserId: 7,
    });
  });

  it('names the changed fields for a stale-version notice', () => {
    const before = toValues(order, 'America/Chicago');
    expect(changedLabels(before, { ...before, priority: 'high', assignee: '9' })).toBe('edits to Priority, Assign to');
  });
});
