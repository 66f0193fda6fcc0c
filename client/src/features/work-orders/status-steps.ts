/**
 * The work order's workflow as the buttons offer it (the server's state machine decides; this only shows the
 * steps it would accept): pending → in_progress (Start), in_progress → pending (Pause) or completed (Complete,
 * which asks for findings), completed → in_progress (Reopen).
 */
export type StoredStatus = 'pending' | 'in_progress' | 'completed';

export type StatusStep = {
  to: StoredStatus;
  label: string;
  description: string;
};

const STEPS: Record<StoredStatus, StatusStep[]> = {
  pending: [{ to: 'in_progress', label: 'Start Work', description: 'You are at the valve and starting: In Progress.' }],
  in_progress: [
    { to: 'pending', label: 'Pause', description: 'Stop for now (parts, permit, shift end): back to Ready.' },
  ],
  completed: [{ to: 'in_progress', label: 'Reopen', description: 'More work is needed: back to In Progress.' }],
};

/** The steps Update Status offers from a status; completing has its own button and form. */
export function statusSteps(status: string): StatusStep[] {
  return STEPS[status as StoredStatus] ?? [];
}

/** Why Complete cannot be pressed now, or null when it can. */
export function completeBlocker(status: string, allowed: boolean): string | null {
  if (!allowed) return 'Only technicians, supervisors and admins complete work orders.';
  if (status === 'pending') return 'Start the work order before completing it.';
  if (status === 'completed') return 'This work order is completed. Reopen it to change it.';
  if (status === 'cancelled') return 'This work order was cancelled.';
  if (status !== 'in_progress') return 'This work order cannot be completed from its current status.';
  return null;
}

/** Success toast per step. */
export const STEP_DONE: Record<StoredStatus, string> = {
  in_progress: 'Work order in progress',
  pending: 'Work order paused',
  completed: 'Work order completed',
};
