import type { PendingWrite } from './offline-db';
import { parseBody, waiting } from './pending-changes';

/*
 * A work order's parts and hours taken or logged with no signal (issue 33), as the queue holds them until they are
 * sent: shown at once beside what the server knows, marked as waiting. The stock itself is the server's to judge:
 * a shortage is its answer on replay, and the write then waits on /offline with that answer, never dropped.
 */

export type PendingStockMove = {
  key: number;
  lineId: number;
  action: 'issue' | 'return';
  quantity: number | null;
  timestamp: number;
};

export function pendingStockMoves(queue: PendingWrite[], workOrderId: number): PendingStockMove[] {
  const line = new RegExp(`^/api/work-orders/${workOrderId}/parts/(\\d+)/(issue|return)$`);
  return waiting(queue).flatMap((w) => {
    const match = w.method === 'POST' ? line.exec(w.url) : null;
    if (!match) return [];
    const quantity = parseBody(w).quantity;
    return [
      {
        key: w.id as number,
        lineId: Number(match[1]),
        action: match[2] as PendingStockMove['action'],
        quantity: typeof quantity === 'number' ? quantity : null,
        timestamp: w.timestamp,
      },
    ];
  });
}

/** Hours logged, or a timer stopped, waiting to be sent: minutes when the entry says them, else the times. */
export type PendingHours = {
  key: number;
  minutes: number | null;
  startedAt: string | null;
  endedAt: string | null;
  note: string | null;
  timestamp: number;
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export function pendingHours(queue: PendingWrite[], workOrderId: number): PendingHours[] {
  const labor = `/api/work-orders/${workOrderId}/labor`;
  return waiting(queue).flatMap((w) => {
    if (w.method !== 'POST' || (w.url !== labor && w.url !== `${labor}/timer/stop`)) return [];
    const body = parseBody(w);
    const stop = w.url !== labor;
    return [
      {
        key: w.id as number,
        minutes: typeof body.minutes === 'number' ? body.minutes : null,
        startedAt: stop ? null : text(body.startedAt),
        endedAt: stop ? text(body.at) : text(body.endedAt),
        note: text(body.note),
        timestamp: w.timestamp,
      },
    ];
  });
}

/**
 * The timer as the queue leaves it, by the last press waiting to be sent on this work order: started at a time,
 * stopped, or (nothing queued) as the server says.
 */
export function pendingTimer(queue: PendingWrite[], workOrderId: number): { startedAt: string } | 'stopped' | null {
  const timer = `/api/work-orders/${workOrderId}/labor/timer`;
  const last = waiting(queue)
    .filter((w) => w.method === 'POST' && (w.url === timer || w.url === `${timer}/stop`))
    .at(-1);
  if (!last) return null;
  if (last.url !== timer) return 'stopped';
  return { startedAt: text(parseBody(last).at) ?? new Date(last.timestamp).toISOString() };
}
