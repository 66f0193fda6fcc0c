/**
 * Status → label and tone of spec §4, the single mapping screens use for badges.
 * A tone is a name the UI's badge knows how to colour.
 */
export type Tone = 'success' | 'warning' | 'danger' | 'neutral' | 'muted' | 'primary' | 'info';

const VALVE_STATUS: Record<string, { label: string; tone: Tone }> = {
  active: { label: 'Active', tone: 'success' },
  maintenance: { label: 'Maintenance', tone: 'warning' },
  overdue: { label: 'Overdue', tone: 'danger' },
  decommissioned: { label: 'Decommissioned', tone: 'neutral' },
};

const WORK_ORDER_STATUS: Record<string, { label: string; tone: Tone }> = {
  in_progress: { label: 'In Progress', tone: 'info' },
  pending: { label: 'Ready', tone: 'warning' },
  completed: { label: 'Completed', tone: 'success' },
  overdue: { label: 'Overdue', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

/**
 * Where a completed order stands in its review (issue 29): it waits for approval, is approved, then closed. The
 * stored status stays "completed" (decisions/064), so screens show this beside it; null for work not completed.
 */
export type ReviewStage = 'awaiting_approval' | 'approved' | 'closed';
export const REVIEW_STAGES: Record<ReviewStage, { label: string; tone: Tone }> = {
  awaiting_approval: { label: 'Awaiting approval', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
};
export function reviewStage(order: {
  status: string;
  approvedAt?: string | null;
  closedAt?: string | null;
}): ReviewStage | null {
  if (order.status !== 'completed') return null;
  return order.closedAt ? 'closed' : order.approvedAt ? 'approved' : 'awaiting_approval';
}

const PRIORITY: Record<string, Tone> = { high: 'danger', medium: 'warning', low: 'neutral' };

const ACTIVITY: Record<string, Tone> = {
  work_order_completed: 'success',
  maintenance_completed: 'success',
  photo_uploaded: 'primary',
  maintenance_overdue: 'warning',
};

/** Any other value is shown as-is in a muted style. */
export function valveStatusStyle(status: string): { label: string; tone: Tone } {
  return VALVE_STATUS[status] ?? { label: status, tone: 'muted' };
}

/** Unknown statuses are shown raw. */
export function workOrderStatusStyle(status: string): { label: string; tone: Tone } {
  return WORK_ORDER_STATUS[status] ?? { label: status, tone: 'muted' };
}

export function priorityTone(priority: string): Tone {
  return PRIORITY[priority] ?? 'muted';
}

/** Activity types without a style of their own are shown as success. */
export function activityTone(type: string): Tone {
  return ACTIVITY[type] ?? 'success';
}

/** The manual dialog's badge: red for any status other than active and maintenance. */
export function manualStatusTone(status: string): Tone {
  return status === 'active' || status === 'maintenance' ? valveStatusStyle(status).tone : 'danger';
}

/**
 * Spec §4's risk badge: low secondary, medium default, high and critical destructive, anything else outline.
 * In our tones: secondary is neutral grey, default the brand colour, destructive red, outline muted.
 */
const RISK_BADGE: Record<string, Tone> = { low: 'neutral', medium: 'primary', high: 'danger', critical: 'danger' };

export function riskBadgeTone(riskLevel: string): Tone {
  return RISK_BADGE[riskLevel] ?? 'muted';
}

/** The valve analytics' Risk Level figure (spec §2.13 "coloured"): low green, medium amber, high and critical red. */
const RISK_LEVEL: Record<string, Tone> = { low: 'success', medium: 'warning', high: 'danger', critical: 'danger' };

export function riskLevelTone(riskLevel: string): Tone {
  return RISK_LEVEL[riskLevel] ?? 'muted';
}

/**
 * An alarm's priority badge (issue 35): critical and high red, medium amber, low grey. ISA-101 keeps colour for
 * what needs the operator, so the lowest priority has none.
 */
const ALARM_PRIORITY: Record<string, Tone> = { critical: 'danger', high: 'danger', medium: 'warning', low: 'neutral' };

export function alarmPriorityTone(priority: string): Tone {
  return ALARM_PRIORITY[priority] ?? 'muted';
}
