import type { Photo } from '@common/schemas/photos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** A photo belongs to a valve or to a work order; the list is asked for by exactly one of them. */
export type PhotoOwner = { valveId: number } | { workOrderId: number };

export const photosQuery = (owner: PhotoOwner) =>
  queryOptions({ queryKey: ['/api/photos', owner], queryFn: readQueryKey<Photo[]> });

export const usePhotos = (owner: PhotoOwner) => useQuery(photosQuery(owner));
