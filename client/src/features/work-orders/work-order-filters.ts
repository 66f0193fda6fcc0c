import { STORED_WORK_ORDER_STATUSES, WORK_ORDER_PRIORITIES } from '@common/constants';
import type { WorkOrderSummary } from '@common/schemas/work-orders';
import { reviewStage } from '@common/status-styles';
import { nameFromUrl } from '@/lib/plants';

/** The list's tools as the URL holds them: '' means "not narrowed". */
export type WorkOrderFilters = {
  q: string;
  plant: string;
  /** 'me', 'none' (unassigned) or a user id. */
  assignee: string;
  priority: string;
  status: string;
  overdue: boolean;
  sort: WorkOrderSort;
};
export type WorkOrderSort = 'newest' | 'due' | 'priority';

export const SORTS: readonly WorkOrderSort[] = ['newest', 'due', 'priority'];
/** The stored statuses, then the review stages of completed work (awaiting approval, approved, closed). */
export const FILTER_STATUSES = [
  'pending',
  'in_progress',
  'completed',
  'awaiting_approval',
  'approved',
  'closed',
  'cancelled',
] as const;

/** Whether an order is in the status or review stage the filter names. */
const inStatus = (order: WorkOrderSummary, status: string) =>
  !status || order.status === status || reviewStage(order) === status;

const NAMES = ['q', 'plant', 'assignee', 'priority', 'status', 'overdue', 'sort'] as const;

const oneOf = (value: string | null, allowed: readonly string[]) =>
  value !== null && allowed.includes(value) ? value : '';

/**
 * The filters a URL holds; a value no filter knows (an old bookmark) reads as "not narrowed". A plant is the
 * organization's data: any name is read, and one no order has finds none.
 */
export function readWorkOrderFilters(search: URLSearchParams): WorkOrderFilters {
  const assignee = search.get('assignee') ?? '';
  return {
    q: (search.get('q') ?? '').trim(),
    plant: nameFromUrl(search.get('plant')),
    assignee: assignee === 'me' || assignee === 'none' || /^\d+$/.test(assignee) ? assignee : '',
    priority: oneOf(search.get('priority'), WORK_ORDER_PRIORITIES),
    status: oneOf(search.get('status'), FILTER_STATUSES),
    overdue: search.get('overdue') === '1',
    sort: (oneOf(search.get('sort'), SORTS) || 'newest') as WorkOrderSort,
  };
}

/**
 * The filters the export (GET /api/exports/work-orders) applies as the list does: the plant, the priority and a stored
 * status. Search, assignee, overdue and review stages narrow only the screen; the file holds the rest.
 */
export function exportFilters(filters: WorkOrderFilters): Record<string, string | undefined> {
  const stored = (STORED_WORK_ORDER_STATUSES as readonly string[]).includes(filters.status);
  return { plant: filters.plant, priority: filters.priority, status: stored ? filters.status : undefined };
}

/** Writes the filters into the URL's search, keeping its other parameters (the tab). */
export function writeWorkOrderFilters(search: URLSearchParams, filters: WorkOrderFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of NAMES) next.delete(name);
  for (const name of NAMES) {
    const value = filters[name];
    if (name === 'overdue') {
      if (value) next.set(name, '1');
    } else if (value && !(name === 'sort' && value === 'newest')) next.set(name, String(value));
  }
  return next;
}

export const isNarrowed = (filters: WorkOrderFilters) =>
  Boolean(filters.q || filters.plant || filters.assignee || filters.priority || filters.status || filters.overdue);

/** What a search looks in: number, title, description, the valve's tag, type, plant, location and system, people. */
function searchText(order: WorkOrderSummary): string {
  const { valve } = order;
  return [
    order.workOrderId,
    order.title,
    order.description,
    valve.valveId,
    valve.type,
    valve.plant,
    valve.location,
    valve.system,
    order.assignedToUser?.name,
    order.completedByUser?.name,
  ]
    .join(' ')
    .toLowerCase();
}

/** Every word must be found, in any order, as part of a word: "gasket pump" finds "Pump gaskets". */
function matchesWords(order: WorkOrderSummary, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchText(order);
  return words.every((word) => text.includes(word));
}

const PRIORITY_RANK: Record<string, number> = { high: 0, medium: 1, low: 2 };

/** The orders that pass the filters, in the chosen order (newest first as the server sends them, by default). */
export function applyWorkOrderFilters(
  orders: WorkOrderSummary[],
  filters: WorkOrderFilters,
  myUserId: number | null,
): WorkOrderSummary[] {
  const assigneeId = filters.assignee === 'me' ? myUserId : filters.assignee ? Number(filters.assignee) : undefined;
  const kept = orders.filter(
    (order) =>
      (!filters.plant || order.valve.plant === filters.plant) &&
      (!filters.priority || order.priority === filters.priority) &&
      inStatus(order, filters.status) &&
      (!filters.overdue || order.overdue) &&
      (filters.assignee === 'none'
        ? order.assignedToUser === null
        : assigneeId === undefined || order.assignedToUser?.id === assigneeId) &&
      matchesWords(order, filters.q),
  );
  if (filters.sort === 'due') {
    // Soonest due first; orders without a due date last, newest first among them.
    return kept
      .map((order, index) => ({ order, index }))
      .sort((a, b) => dueKey(a.order) - dueKey(b.order) || a.index - b.index)
      .map(({ order }) => order);
  }
  if (filters.sort === 'priority') {
    return kept
      .map((order, index) => ({ order, index }))
      .sort(
        (a, b) =>
          (PRIORITY_RANK[a.order.priority] ?? 3) - (PRIORITY_RANK[b.order.priority] ?? 3) ||
          dueKey(a.order) - dueKey(b.order) ||
          a.index - b.index,
      )
      .map(({ order }) => order);
  }
  return kept;
}

const dueKey = (order: WorkOrderSummary) =>
  order.dueDate === null ? Number.POSITIVE_INFINITY : Date.parse(order.dueDate);

/** The people the list names as assignees, by name, for the assignee filter. */
export function assigneesOf(orders: WorkOrderSummary[]): { id: number; name: string }[] {
  const byId = new Map<number, string>();
  for (const order of orders) if (order.assignedToUser) byId.set(order.assignedToUser.id, order.assignedToUser.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
