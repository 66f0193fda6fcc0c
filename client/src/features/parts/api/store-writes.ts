import type { Store, UpdateStoreBody } from '@common/schemas/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { PARTS, STORES } from './parts';

/** A store renamed or its orderer named: the stores are read again, and the parts whose stock names the store. */
export function useUpdateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateStoreBody }) =>
      apiSend<Store>('PATCH', `${STORES}/${id}`, body) as Promise<Store>,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [STORES] }),
        queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(PARTS) }),
      ]),
  });
}
