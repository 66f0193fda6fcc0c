import type { ProcedureBody, ProcedureVersion } from '@common/schemas/procedures';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { keepAnswer } from '@/lib/keep-answer';
import { readQueryKey } from '@/lib/query-client';

export const procedureQuery = (id: number) =>
  queryOptions({ queryKey: [`/api/procedures/${id}`], queryFn: readQueryKey<ProcedureVersion> });

export const useProcedure = (id: number | null) => useQuery({ ...procedureQuery(id ?? 0), enabled: id !== null });

/**
 * Writes a procedure (version 1) or publishes its next version. Online only: it is office work, and work orders
 * attach the version the server says is current.
 */
export function useSaveProcedure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ProcedureBody }) =>
      apiSend<ProcedureVersion>(
        id === null ? 'POST' : 'PUT',
        id === null ? '/api/procedures' : `/api/procedures/${id}`,
        body,
      ),
    onSuccess: async (version) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/procedures'] });
      if (version) await keepAnswer(queryClient, procedureQuery(version.procedureId).queryKey, version);
    },
  });
}
