import type {
  AdjustmentBody,
  CreatePartBody,
  CreateStoreBody,
  Movement,
  Part,
  ReceiptBody,
  Store,
} from '@common/schemas/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { PARTS, STORES } from './parts';

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
