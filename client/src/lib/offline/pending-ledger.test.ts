import { describe, expect, it } from 'vitest';
import type { PendingWrite } from './offline-db';
import { describeWrite } from './pending-changes';
import { pendingHours, pendingStockMoves, pendingTimer } from './pending-ledger';

const write = (id: number, url: string, body: unknown, extra: Partial<PendingWrite> = {}): PendingWrite => ({
  id,
  url,
  method: 'POST',
  headers: {},
  body: JSON.stringify(body),
  timestamp: id * 1000,
  ...extra,
});
const refused = { attention: { status: 409, message: 'Not enough T-SR-200', at: 1 } };

describe('a work order’s parts and hours waiting to sync', () => {
  const queue = [
    write(1, '/api/work-orders/5/parts/11/issue', { quantity: 2 }),
    write(2, '/api/work-orders/5/parts/12/return', { quantity: 0.5 }),
    write(3, '/api/work-orders/6/parts/13/issue', { quantity: 1 }),
    write(4, '/api/work-orders/5/parts/14/issue', { quantity: 9 }, refused),
    write(5, '/api/work-orders/5/labor', { minutes: 90, note: 'Lapped the seat' }),
    write(6, '/api/work-orders/5/labor', { startedAt: '2026-11-02T08:00:00Z', endedAt: '2026-11-02T09:15:00Z' }),
    write(7, '/api/work-orders/5/labor/timer', { at: '2026-11-02T10:00:00.000Z' }),
    write(8, '/api/work-orders/5/labor/timer/stop', { at: '2026-11-02T10:40:00.000Z' }),
  ];

  it('lists the issues and returns of one order, by line; a refused one waits on /offline, not here', () => {
    expect(pendingStockMoves(queue, 5)).toEqual([
      { key: 1, lineId: 11, action: 'issue', quantity: 2, timestamp: 1000 },
      { key: 2, lineId: 12, action: 'return', quantity: 0.5, timestamp: 2000 },
    ]);
  });

  it('lists hours logged and timers stopped, with what they say', () => {
    expect(pendingHours(queue, 5)).toEqual([
      { key: 5, minutes: 90, startedAt: null, endedAt: null, note: 'Lapped the seat', timestamp: 5000 },
      {
        key: 6,
        minutes: null,
        startedAt: '2026-11-02T08:00:00Z',
        endedAt: '2026-11-02T09:15:00Z',
        note: null,
        timestamp: 6000,
      },
      { key: 8, minutes: null, startedAt: null, endedAt: '2026-11-02T10:40:00.000Z', note: null, timestamp: 8000 },
    ]);
    expect(pendingHours(queue, 6)).toEqual([]);
  });

  it('shows the timer as its last queued press leaves it', () => {
    expect(pendingTimer(queue, 5)).toBe('stopped');
    expect(pendingTimer(queue.slice(0, 7), 5)).toEqual({ startedAt: '2026-11-02T10:00:00.000Z' });
    expect(pendingTimer(queue, 6)).toBeNull();
  });

  it('names each queued write as people know it', () => {
    const names = {
      valves: new Map(),
      workOrders: new Map([[5, 'WO-2026-0064']]),
      partLines: new Map([[11, 'T-SR-200 Seat ring, 2 in']]),
    };
    expect(queue.map((w) => describeWrite(w, names))).toEqual([
      'Issued on work order WO-2026-0064: 2 × T-SR-200 Seat ring, 2 in',
      'Returned on work order WO-2026-0064: 0.5 × a part',
      'Issued on a work order: 1 × a part',
      'Issued on work order WO-2026-0064: 9 × a part',
      'Hours on work order WO-2026-0064: 90 min',
      'Hours on work order WO-2026-0064',
      'Timer started on work order WO-2026-0064',
      'Timer stopped on work order WO-2026-0064',
    ]);
    expect(describeWrite(write(9, '/api/work-orders/5/parts', { partId: 3, storeId: 1, quantity: 1 }), names)).toBe(
      'Part reserved on work order WO-2026-0064',
    );
  });
});
