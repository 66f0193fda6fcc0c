import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { describe, expect, it } from 'vitest';
import { workOrdersInTab } from './work-order-tabs';

const order = (id: number, status: string) => ({ id, status }) as WorkOrderSummary;

describe('workOrdersInTab', () => {
  const orders = [order(1, 'in_progress'), order(2, 'pending'), order(3, 'completed'), order(4, 'cancelled')];

  it('puts in-progress and pending orders under Active', () => {
    expect(workOrdersInTab(orders, 'active').map((o) => o.id)).toEqual([1, 2]);
  });

  it('puts only pending orders under Pending and completed under Completed', () => {
    expect(workOrdersInTab(orders, 'pending').map((o) => o.id)).toEqual([2]);
    expect(workOrdersInTab(orders, 'completed').map((o) => o.id)).toEqual([3]);
  });
});
