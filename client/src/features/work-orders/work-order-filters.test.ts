import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { describe, expect, it } from 'vitest';
import {
  applyWorkOrderFilters,
  exportFilters,
  readWorkOrderFilters,
  writeWorkOrderFilters,
} from './work-order-filters';

const order = (id: number, change: Partial<WorkOrderSummary> & { plant?: string; tag?: string }): WorkOrderSummary =>
  ({
    id,
    workOrderId: `WO-2026-00${id}`,
    title: 'Replace packing',
    description: '',
    status: 'pending',
    priority: 'medium',
    overdue: false,
    dueDate: null,
    assignedToUser: null,
    completedByUser: null,
    valve: {
      valveId: change.tag ?? 'V-001-BV',
      type: 'Ball Valve',
      plant: change.plant ?? 'Power Plant A',
      location: 'Turbine Hall',
      system: 'Cooling Water',
    },
    ...change,
  }) as WorkOrderSummary;

const orders = [
  order(1, { priority: 'low', dueDate: '2026-12-20T23:59:59.999Z', assignedToUser: { id: 7, name: 'Maria Santos' } }),
  order(2, { priority: 'high', dueDate: null, title: 'Pump seal gaskets', plant: 'Gas Plant B', tag: 'V-002-GV' }),
  order(3, { priority: 'medium', dueDate: '2026-12-01T23:59:59.999Z', overdue: true, status: 'in_progress' }),
  order(4, { priority: 'high', dueDate: '2026-12-10T23:59:59.999Z', status: 'cancelled' }),
];
const none = readWorkOrderFilters(new URLSearchParams());
const ids = (list: WorkOrderSummary[]) => list.map((o) => o.id);

describe('work order list tools', () => {
  it('searches words in any order, part words, any case, over number, title, valve and people', () => {
    expect(ids(applyWorkOrderFilters(orders, { ...none, q: 'GASKET pump' }, null))).toEqual([2]);
    expect(ids(applyWorkOrderFilters(orders, { ...none, q: 'v-002' }, null))).toEqual([2]);
    expect(ids(applyWorkOrderFilters(orders, { ...none, q: 'santos' }, null))).toEqual([1]);
    expect(ids(applyWorkOrderFilters(orders, { ...none, q: 'WO-2026-003' }, null))).toEqual([3]);
  });

  it('filters by plant, assignee (me, unassigned), priority, status and overdue', () => {
    expect(ids(applyWorkOrderFilters(orders, { ...none, plant: 'Gas Plant B' }, null))).toEqual([2]);
    expect(ids(applyWorkOrderFilters(orders, { ...none, assignee: 'me' }, 7))).toEqual([1]);
    expect(ids(applyWorkOrderFilters(orders, { ...none, assignee: 'none' }, 7))).toEqual([2, 3, 4]);
    expect(ids(applyWorkOrderFilters(orders, { ...none, priority: 'high' }, null))).toEqual([2, 4]);
    expect(ids(applyWorkOrderFilters(orders, { ...none, status: 'cancelled' }, null))).toEqual([4]);
    expect(ids(applyWorkOrderFilters(orders, { ...none, overdue: true }, null))).toEqual([3]);
  });

  it('sorts by due date (undated last) or by priority then due date', () => {
    expect(ids(applyWorkOrderFilters(orders, { ...none, sort: 'due' }, null))).toEqual([3, 4, 1, 2]);
    expect(ids(applyWorkOrderFilters(orders, { ...none, sort: 'priority' }, null))).toEqual([4, 2, 3, 1]);
    expect(ids(applyWorkOrderFilters(orders, none, null))).toEqual([1, 2, 3, 4]);
  });

  it('reads and writes the URL, keeping the tab and dropping what it does not know', () => {
    const read = readWorkOrderFilters(new URLSearchParams('tab=completed&priority=x&assignee=me&overdue=1&sort=x'));
    expect(read).toEqual({ ...none, assignee: 'me', overdue: true });
    // Plants are the organization's own: any name is read (one no order has finds none), a comma never.
    expect(readWorkOrderFilters(new URLSearchParams('plant=Bayside+North')).plant).toBe('Bayside North');
    expect(readWorkOrderFilters(new URLSearchParams('plant=A,B')).plant).toBe('');
    const written = writeWorkOrderFilters(new URLSearchParams('tab=completed&q=old'), { ...read, sort: 'due' });
    expect(written.toString()).toBe('tab=completed&assignee=me&overdue=1&sort=due');
  });
});

describe('the export of the list', () => {
  it('takes the plant, priority and a stored status; the screen-only filters stay on the screen', () => {
    const read = readWorkOrderFilters(new URLSearchParams('plant=Power+Plant+A&priority=high&status=completed&q=x'));
    expect(exportFilters(read)).toEqual({ plant: 'Power Plant A', priority: 'high', status: 'completed' });
    const review = readWorkOrderFilters(new URLSearchParams('status=awaiting_approval&assignee=me'));
    expect(exportFilters(review)).toEqual({ plant: '', priority: '', status: undefined });
  });
});
