import type { DeletionBody } from '@common/schemas/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newActionKey } from '@/lib/action-key';
import { apiSend } from '@/lib/http';
import { refreshWorkData } from '@/lib/refresh-work-data';

/** A wrong photo goes with a reason (kept in the history); online only, like any deletion. */
function deletePhoto({ id, body }: { id: number; body: DeletionBody }) {
  return apiSend('DELETE', `/api/photos/${id}`, body, { idempotencyKey: newActionKey() });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: () =>
      Promise.all([refreshWorkData(queryClient), queryClient.invalidateQueries({ queryKey: ['/api/history'] })]),
  });
}
