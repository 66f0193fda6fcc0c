import type { WebhookDelivery } from '@common/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { webhookDeliveriesQuery } from './get-webhook-deliveries';

/** "Send again": the delivery is due at once; the server's next delivery run sends it. */
export async function retryWebhookDelivery({ id, key }: { id: number; webhookId: number; key: string }) {
  return (await apiSend<WebhookDelivery>('POST', `/api/webhooks/deliveries/${id}/retry`, undefined, {
    idempotencyKey: key,
  })) as WebhookDelivery;
}

export function useRetryWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryWebhookDelivery,
    onSuccess: (_, { webhookId }) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQuery(webhookId).queryKey }),
  });
}
