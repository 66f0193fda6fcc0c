import type { WebhookDelivery } from '@common/schemas/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** A webhook's last 100 deliveries, newest first. */
export const webhookDeliveriesQuery = (id: number) =>
  queryOptions({ queryKey: [`/api/webhooks/${id}/deliveries`], queryFn: readQueryKey<WebhookDelivery[]> });

export const useWebhookDeliveries = (id: number) => useQuery(webhookDeliveriesQuery(id));
