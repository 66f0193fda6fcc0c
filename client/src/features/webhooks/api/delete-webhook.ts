import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { webhooksQuery } from './get-webhooks';

export async function deleteWebhook({ id, key }: { id: number; key: string }): Promise<void> {
  await apiSend('DELETE', `/api/webhooks/${id}`, undefined, { idempotencyKey: key });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}
