import type { BillingAccount } from '@common/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** Plan, trial, limits against usage, subscriptions and purchases: for admins (anyone else gets 403). */
export const billingAccountQuery = queryOptions({
  queryKey: ['/api/billing/account'],
  queryFn: readQueryKey<BillingAccount>,
});

export const useBillingAccount = ({ enabled }: { enabled: boolean }) => useQuery({ ...billingAccountQuery, enabled });
