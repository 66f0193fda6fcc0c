/**
 * The work order's workflow: pending → in_progress → completed, with pause (back to pending) and reopen
 * (completed → in_progress). Open work (pending or in progress) may be cancelled, with a reason: a duplicate, or
 * work no longer needed; cancelled is final. Overdue is not a state: it is derived from the due date.
 */
export type StoredStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled';

const TRANSITIONS: Record<StoredStatus, Partial<Record<StoredStatus, string>>> = {
  pending: { in_progress: 'started', cancelled: 'cancelled' },
  in_progress: { completed: 'completed', pending: 'paused', cancelled: 'cancelled' },
  completed: { in_progress: 'reopened' },
  cancelled: {},
};

const REFUSALS: Partial<Record<`${StoredStatus}->${StoredStatus}`, string>> = {
  'pending->completed': 'Start the work order before completing it.',
  'completed->pending': 'A completed work order can only be reopened (set it to in progress).',
  'completed->cancelled': 'A completed work order cannot be cancelled: its maintenance record stands.',
};

export type Transition = { ok: true; verb: string } | { ok: false; message: string };

export function transition(from: StoredStatus, to: StoredStatus): Transition {
  if (from === to) return { ok: false, message: `The work order is already ${label(to)}.` };
  const verb = TRANSITIONS[from][to];
  if (verb) return { ok: true, verb };
  if (from === 'cancelled') return { ok: false, message: 'The work order was cancelled: raise a new one instead.' };
  return {
    ok: false,
    message: REFUSALS[`${from}->${to}`] ?? `A work order cannot go from ${label(from)} to ${label(to)}.`,
  };
}

const label = (s: StoredStatus) => s.replace('_', ' ');
