import type { RequestLink } from '@common/schemas/requests';
import { useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/**
 * A valve's request QR (issue 34): made on the first ask and the same ever after, so it is read once and kept,
 * also offline, where a label printed from the stored copy still carries it.
 */
export const requestLinkQuery = (valveId: number) => ({
  queryKey: [`/api/valves/${valveId}/request-link`],
  queryFn: readQueryKey<RequestLink>,
  staleTime: Number.POSITIVE_INFINITY,
});

/** What the request QR encodes: the absolute address of the valve's request page, so any phone's camera opens it. */
export const requestUrlOf = (link: RequestLink | undefined) =>
  link ? `${window.location.origin}${link.path}` : undefined;

/** The valve's request page address, once known; until then (or with no copy offline) the label has one code. */
export function useRequestUrl(valveId: number) {
  return requestUrlOf(useQuery(requestLinkQuery(valveId)).data);
}
