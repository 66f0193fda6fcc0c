import type { Photo } from '@common/schemas/photos';
import type { ReliefSummary, ReliefTag, ReliefTagDetail, ReliefTestOptions } from '@common/schemas/relief-valves';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/* The relief valve reads, each keyed by its URL (decision 021). */
export const RELIEF = '/api/relief-valves';

export const reliefTagsQuery = (query: { plant?: string; dueBy?: string; valveId?: number }) =>
  queryOptions({ queryKey: [`${RELIEF}/tags`, query], queryFn: readQueryKey<ReliefTag[]> });
export const useReliefTags = (query: { plant?: string; dueBy?: string; valveId?: number }) =>
  useQuery(reliefTagsQuery(query));

export const useReliefTag = (id: number) =>
  useQuery({ queryKey: [`${RELIEF}/tags`, id], queryFn: readQueryKey<ReliefTagDetail> });

export const reliefSummaryQuery = queryOptions({
  queryKey: [`${RELIEF}/summary`],
  queryFn: readQueryKey<ReliefSummary>,
});
export const useReliefSummary = () => useQuery(reliefSummaryQuery);

export const useReliefTestOptions = () =>
  useQuery({ queryKey: [`${RELIEF}/test-options`], queryFn: readQueryKey<ReliefTestOptions> });

/** The photos of a position's valve record: the record form marks the one of the nameplate (the certificate prints it). */
export const useValvePhotos = (valveId: number | undefined) =>
  useQuery({
    queryKey: ['/api/photos', { valveId }],
    queryFn: readQueryKey<Photo[]>,
    enabled: valveId !== undefined,
  });
