import type { DataTag, QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Puts a write's answer in the cache. A read of the same key already under way (a refresh another write started a
 * moment before, say) would land after it with the record as it was before this write, and hide it: that read is
 * cancelled first. Reads started later see the write.
 */
export async function keepAnswer<T, E>(
  queryClient: QueryClient,
  queryKey: DataTag<QueryKey, T, E>,
  answer: Updater<T | undefined, T | undefined>,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, answer);
}
