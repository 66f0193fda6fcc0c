import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { apiTokensQuery } from './get-api-tokens';

/** Revoked at once: the token is refused from its next request on. */
export async function revokeApiToken({ id, key }: { id: number; key: string }): Promise<void> {
  await apiSend('DELETE', `/api/api-tokens/${id}`, undefined, { idempotencyKey: key });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey }),
  });
}
