import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';

/**
 * An online relief write: an engineer's or a shop's desk work, answered at once so a refusal lands at its field.
 * Sent with its action key; the reads it changes (by their URL keys) are read again, and `after` does the rest.
 */
export function useReliefWrite<Body, Reply>(
  method: 'POST' | 'PATCH',
  path: (id?: number) => string,
  reads: string[],
  after?: (reply: Reply, queryClient: QueryClient) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key, body }: { id?: number; key: string; body: Body }) =>
      apiSend<Reply>(method, path(id), body, { idempotencyKey: key }) as Promise<Reply>,
    onSuccess: (reply) => {
      for (const read of reads) void queryClient.invalidateQueries({ queryKey: [read] });
      after?.(reply, queryClient);
    },
  });
}
