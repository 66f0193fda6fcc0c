import type { CreateApiTokenBody, CreatedApiToken } from '@common/schemas/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { apiTokensQuery } from './get-api-tokens';

/**
 * The answer is the only place the secret ever appears. No Idempotency-Key: the server would not keep an answer
 * holding a secret for a replay, and a token made twice is harmless (the unseen one can be revoked).
 */
export async function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiToken> {
  return (await apiSend<CreatedApiToken>('POST', '/api/api-tokens', body)) as CreatedApiToken;
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey }),
  });
}
