import type { CreatedWebhook, CreateWebhookBody } from '@common/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { webhooksQuery } from './get-webhooks';

/** The answer is the only place the signing secret appears; no Idempotency-Key, as for API tokens. */
export async function createWebhook(body: CreateWebhookBody): Promise<CreatedWebhook> {
  return (await apiSend<CreatedWebhook>('POST', '/api/webhooks', body)) as CreatedWebhook;
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}
