import type { PendingWrite } from './offline-db';
import { parseBody, waiting } from './pending-changes';

/*
 * Downtime periods added to a work order with no signal (issue 34), as the queue holds them until they are sent:
 * shown at once in the order's downtime list, marked as waiting. Whether one overlaps another is the server's to
 * judge on replay; a refused period then waits on /offline with its answer, never dropped.
 */

export type PendingDowntime = {
  key: number;
  startedAt: string | null;
  endedAt: string | null;
  /** As the server will count it (to the hundredth); null when the times do not make a period. */
  hours: number | null;
  reason: string;
  timestamp: number;
};

const HOUR_MS = 3_600_000;
const time = (value: unknown) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null);

function hoursOf(startedAt: string | null, endedAt: string | null): number | null {
  if (!startedAt || !endedAt) return null;
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  return ms > 0 ? Math.round((ms / HOUR_MS) * 100) / 100 : null;
}

export function pendingDowntime(queue: PendingWrite[], workOrderId: number): PendingDowntime[] {
  const url = `/api/work-orders/${workOrderId}/downtime`;
  return waiting(queue).flatMap((w) => {
    if (w.method !== 'POST' || w.url !== url) return [];
    const body = parseBody(w);
    const [startedAt, endedAt] = [time(body.startedAt), time(body.endedAt)];
    return [
      {
        key: w.id as number,
        startedAt,
        endedAt,
        hours: hoursOf(startedAt, endedAt),
        reason: typeof body.reason === 'string' ? body.reason : '',
        timestamp: w.timestamp,
      },
    ];
  });
}
