import { describe, expect, it } from 'vitest';
import type { PendingWrite } from './offline-db';
import { describeWrite } from './pending-changes';
import { pendingDowntime } from './pending-downtime';

const write = (id: number, url: string, body: unknown, extra: Partial<PendingWrite> = {}): PendingWrite => ({
  id,
  url,
  method: 'POST',
  headers: {},
  body: JSON.stringify(body),
  timestamp: id * 1000,
  ...extra,
});
const period = (startedAt: string, endedAt: string, reason: string) => ({ startedAt, endedAt, reason });
const refused = {
  attention: { status: 409, message: 'This downtime overlaps the downtime from 2 Nov 08:00 to 2 Nov 10:00.', at: 1 },
};

describe('a work order’s downtime waiting to sync', () => {
  const queue = [
    write(1, '/api/work-orders/5/downtime', period('2026-11-02T08:00:00.000Z', '2026-11-02T10:30:00.000Z', 'Isolated')),
    write(2, '/api/work-orders/6/downtime', period('2026-11-02T08:00:00.000Z', '2026-11-02T09:00:00.000Z', 'Other')),
    write(
      3,
      '/api/work-orders/5/downtime',
      period('2026-11-02T09:00:00.000Z', '2026-11-02T11:00:00.000Z', 'Again'),
      refused,
    ),
    write(4, '/api/work-orders/5/labor', { minutes: 30 }),
    write(5, '/api/work-orders/5/downtime/12', null, { method: 'DELETE', body: null }),
    write(
      6,
      '/api/work-orders/5/downtime',
      period('2026-11-03T06:00:00.000Z', '2026-11-03T06:20:00.000Z', 'Re-torqued'),
    ),
  ];

  it('lists the periods added to one order, with their hours; a refused one waits on /offline, not here', () => {
    expect(pendingDowntime(queue, 5)).toEqual([
      {
        key: 1,
        startedAt: '2026-11-02T08:00:00.000Z',
        endedAt: '2026-11-02T10:30:00.000Z',
        hours: 2.5,
        reason: 'Isolated',
        timestamp: 1000,
      },
      {
        key: 6,
        startedAt: '2026-11-03T06:00:00.000Z',
        endedAt: '2026-11-03T06:20:00.000Z',
        hours: 0.33,
        reason: 'Re-torqued',
        timestamp: 6000,
      },
    ]);
    expect(pendingDowntime(queue, 7)).toEqual([]);
  });

  it('keeps a period whose body cannot be read, with no times or hours rather than made-up ones', () => {
    const odd = [
      write(1, '/api/work-orders/5/downtime', period('yesterday', '2026-11-02T10:00:00.000Z', 'Isolated')),
      write(2, '/api/work-orders/5/downtime', period('2026-11-02T10:00:00.000Z', '2026-11-02T09:00:00.000Z', 'Back')),
      { ...write(3, '/api/work-orders/5/downtime', null), body: '{not json' },
    ];
    expect(
      pendingDowntime(odd, 5).map(({ startedAt, endedAt, hours, reason }) => ({ startedAt, endedAt, hours, reason })),
    ).toEqual([
      { startedAt: null, endedAt: '2026-11-02T10:00:00.000Z', hours: null, reason: 'Isolated' },
      { startedAt: '2026-11-02T10:00:00.000Z', endedAt: '2026-11-02T09:00:00.000Z', hours: null, reason: 'Back' },
      { startedAt: null, endedAt: null, hours: null, reason: '' },
    ]);
  });

  it('names a queued period on /offline by its work order and reason', () => {
    const names = { valves: new Map(), workOrders: new Map([[5, 'WO-2026-0064']]) };
    expect(describeWrite(queue[0], names)).toBe('Downtime on work order WO-2026-0064: Isolated');
    expect(describeWrite(queue[1], names)).toBe('Downtime on a work order: Other');
    expect(describeWrite(write(7, '/api/work-orders/5/downtime', { reason: 'x'.repeat(100) }), names)).toBe(
      `Downtime on work order WO-2026-0064: ${'x'.repeat(79)}…`,
    );
  });
});
