import type {
  AdjustmentBody,
  CreatePartBody,
  CreateStoreBody,
  Movement,
  Part,
  ReceiptBody,
  ReservePartBody,
  Store,
  WorkOrderPart,
} from '@common/schemas/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { isQueued, sendOrQueue } from '@/lib/offline/offline-write';
import { PARTS, STORES, workOrderPartsPath } from './parts';

/**
 * A write of the ledger, answered at once (desk work of the store, online). Stock changes what every part list, the
 * part, its movements and the stores show, so all of them are read again.
 */
function useLedgerWrite<Vars, Reply>(send: (vars: Vars) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(PARTS) }),
        queryClient.invalidateQueries({ queryKey: [STORES] }),
      ]);
    },
  });
}

/** A receipt or a count correction, with its action's key: a retry after a lost answer must not count it twice. */
type StockMove<Body> = { id: number; body: Body; key: string };

export const useCreatePart = () =>
  useLedgerWrite((body: CreatePartBody) => apiSend<Part>('POST', PARTS, body) as Promise<Part>);

export const useReceivePart = () =>
  useLedgerWrite(
    ({ id, body, key }: StockMove<ReceiptBody>) =>
      apiSend<Movement>('POST', `${PARTS}/${id}/receipts`, body, { idempotencyKey: key }) as Promise<Movement>,
  );

export const useAdjustPart = () =>
  useLedgerWrite(
    ({ id, body, key }: StockMove<AdjustmentBody>) =>
      apiSend<Movement>('POST', `${PARTS}/${id}/adjustments`, body, { idempotencyKey: key }) as Promise<Movement>,
  );

export const useCreateStore = () =>
  useLedgerWrite((body: CreateStoreBody) => apiSend<Store>('POST', STORES, body) as Promise<Store>);

/**
 * A work order's stock moves: reserve a part, issue it (take it from the shelf), return what was not used. Each
 * changes the part's stock too, so the ledger's reads and the work order's (its lines, its cost) are read again.
 * They are field work: with no signal the move is queued with its key and shown as waiting
 * (lib/offline/pending-ledger.ts); the replay takes it once, and a shortage then waits on /offline by name.
 */
function useWorkOrderStockWrite<Vars>(
  workOrderId: number,
  path: (vars: Vars) => string,
  body: (vars: Vars) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars & { key: string }) =>
      sendOrQueue<WorkOrderPart>('POST', path(vars), body(vars), { idempotencyKey: vars.key }),
    onSuccess: (reply) => {
      if (isQueued(reply)) return;
      return queryClient.invalidateQueries({
        predicate: (q) => {
          const key = String(q.queryKey[0]);
          return key.startsWith(PARTS) || key.startsWith(`/api/work-orders/${workOrderId}`);
        },
      });
    },
  });
}

export const useReservePart = (workOrderId: number) =>
  useWorkOrderStockWrite(
    workOrderId,
    () => workOrderPartsPath(workOrderId),
    (vars: { body: ReservePartBody }) => vars.body,
  );

export const useMoveWorkOrderPart = (workOrderId: number) =>
  useWorkOrderStockWrite(
    workOrderId,
    (vars: { lineId: number; action: 'issue' | 'return'; quantity: number }) =>
      `${workOrderPartsPath(workOrderId)}/${vars.lineId}/${vars.action}`,
    (vars) => ({ quantity: vars.quantity }),
  );
