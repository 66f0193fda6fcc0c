import type { BillingConfig } from '@common/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Which provider takes payments here (Stripe with its publishable key, or the built-in sandbox). */
export const billingConfigQuery = queryOptions({
  queryKey: ['/api/billing/config'],
  queryFn: readQueryKey<BillingConfig>,
  staleTime: Number.POSITIVE_INFINITY,
});

export const useBillingConfig = () => useQuery(billingConfigQuery);
