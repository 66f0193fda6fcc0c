/**
 * A new work order handed from one screen to another through the URL (`/valves/:id?raise=work-order&…`): the
 * screen that knows why (analytics' advice) writes it, the valve's screen opens New Work Order with it filled in.
 * Kept in lib because neither feature may import the other.
 */
export type WorkOrderDraft = { title: string; description: string; priority: 'low' | 'medium' | 'high' };

const PRIORITIES = new Set(['low', 'medium', 'high']);

export function workOrderDraftPath(valveId: number, draft: WorkOrderDraft): string {
  const params = new URLSearchParams({ raise: 'work-order', ...draft });
  return `/valves/${valveId}?${params}`;
}

/** The draft in the URL, or null when none (or one no form could take). */
export function readWorkOrderDraft(params: URLSearchParams): WorkOrderDraft | null {
  if (params.get('raise') !== 'work-order') return null;
  const priority = params.get('priority') ?? 'medium';
  return {
    title: (params.get('title') ?? '').slice(0, 200),
    description: (params.get('description') ?? '').slice(0, 5000),
    priority: (PRIORITIES.has(priority) ? priority : 'medium') as WorkOrderDraft['priority'],
  };
}
