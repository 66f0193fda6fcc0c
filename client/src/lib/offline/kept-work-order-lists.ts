import type { OfflineChanges } from '@common/schemas/offline-sync';

/*
 * What a kept work order's screens read besides its detail (issues 29, 33 and 34): its procedures, its part lines,
 * its hours, its downtime and its failure report, each stored under the path the screen reads, so a checklist is
 * filled in, a part issued, an hour logged and an outage recorded with no signal. They come and go with their work
 * order.
 */

const LISTS = ['procedures', 'parts', 'labor', 'downtime', 'failure'] as const;
const listPath = (id: number, list: (typeof LISTS)[number]) => `/api/work-orders/${id}/${list}`;

/** The list paths of a kept work order. */
export const workOrderListPaths = (id: number) => LISTS.map((list) => listPath(id, list));

export const WORK_ORDER_LIST = /^\/api\/work-orders\/\d+\/(?:procedures|parts|labor|downtime|failure)$/;

/**
 * The lists of the work orders a change feed brings, as [path, answer] pairs, and each order's detail with the cost
 * its online read carries (the feed sends the detail as the database builds it, and the cost beside it).
 */
export function workOrderListsOf(changes: OfflineChanges): {
  lists: [string, unknown][];
  details: OfflineChanges['workOrders'];
} {
  const lists: [string, unknown][] = changes.procedureRuns.map(({ workOrderId, runs }) => [
    listPath(workOrderId, 'procedures'),
    runs,
  ]);
  const costs = new Map<number, OfflineChanges['ledgers'][number]['cost']>();
  for (const ledger of changes.ledgers) {
    lists.push(
      [listPath(ledger.workOrderId, 'parts'), ledger.parts],
      [listPath(ledger.workOrderId, 'labor'), ledger.labor],
      [listPath(ledger.workOrderId, 'downtime'), ledger.downtime],
      [listPath(ledger.workOrderId, 'failure'), ledger.failure],
    );
    costs.set(ledger.workOrderId, ledger.cost);
  }
  const details = changes.workOrders.map((order) => {
    const cost = costs.get(order.id);
    return cost ? { ...order, cost } : order;
  });
  return { lists, details };
}
