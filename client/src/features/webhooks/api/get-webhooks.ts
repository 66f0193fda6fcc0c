import type { Webhook } from '@common/schemas/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** The organization's webhooks, for admins (anyone else gets 403). Never their secrets. */
export const webhooksQuery = queryOptions({ queryKey: ['/api/webhooks'], queryFn: readQueryKey<Webhook[]> });

export const useWebhooks = ({ enabled }: { enabled: boolean }) => useQuery({ ...webhooksQuery, enabled });
