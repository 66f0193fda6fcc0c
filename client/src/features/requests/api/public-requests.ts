import type { WorkRequestBody, WorkRequestReceipt, WorkRequestStatusView } from '@common/schemas/requests';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/http';
import { shouldRetry } from '@/lib/query-client';

/*
 * The public side (no account): read straight from the server, never through the offline store, since the phone
 * is anyone's and a copy kept on it serves no one. A 404 answers the same every time and is not retried.
 */

export const useRequestLabel = (token: string) =>
  useQuery({
    queryKey: ['request-label', token],
    queryFn: ({ signal }) =>
      apiGet<{ valveTag: string }>(`/api/requests/labels/${encodeURIComponent(token)}`, { signal }),
    retry: shouldRetry(2),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRequestStatus = (token: string) =>
  useQuery({
    queryKey: ['request-status', token],
    queryFn: ({ signal }) =>
      apiGet<WorkRequestStatusView>(`/api/requests/status/${encodeURIComponent(token)}`, { signal }),
    retry: shouldRetry(2),
  });

/**
 * Sends the report now or says it could not: a requester with no account has no queue to wait in. The key is kept
 * across retries by the page, so a report whose answer was lost on a weak signal lands once.
 */
export const useSendPublicRequest = () =>
  useMutation({
    mutationFn: async ({ body, key }: { body: WorkRequestBody; key: string }) =>
      (await apiSend<WorkRequestReceipt>('POST', '/api/requests', body, { idempotencyKey: key })) as WorkRequestReceipt,
  });
