import type { DeletionBody, DocumentKind, ValveDocument } from '@common/schemas/documents';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newActionKey } from '@/lib/action-key';
import { apiSend } from '@/lib/http';
import { readQueryKey } from '@/lib/query-client';

const listPath = (valveId: number) => `/api/valves/${valveId}/documents`;

export const documentsQuery = (valveId: number) =>
  queryOptions({ queryKey: [listPath(valveId)], queryFn: readQueryKey<ValveDocument[]> });

export const useDocuments = (valveId: number) => useQuery(documentsQuery(valveId));

export type DocumentUpload = { valveId: number; kind: DocumentKind; name: string; file: File };

/** Multipart: kind and name first, then the file (the server reads fields before the file). Online only. */
function uploadDocument({ valveId, kind, name, file }: DocumentUpload) {
  const form = new FormData();
  form.set('kind', kind);
  if (name) form.set('name', name);
  form.set('file', file, file.name || 'document');
  return apiSend<ValveDocument>('POST', listPath(valveId), form, { idempotencyKey: newActionKey() });
}

function deleteDocument({ id, body }: { id: number; valveId: number; body: DeletionBody }) {
  return apiSend('DELETE', `/api/documents/${id}`, body, { idempotencyKey: newActionKey() });
}

/** The list and the valve's history change with every upload and deletion. */
function useRefreshValveFiles() {
  const queryClient = useQueryClient();
  return (valveId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [listPath(valveId)] }),
      queryClient.invalidateQueries({ queryKey: ['/api/history', 'valves', valveId] }),
    ]);
}

export function useUploadDocument() {
  const refresh = useRefreshValveFiles();
  return useMutation({ mutationFn: uploadDocument, onSuccess: (_, { valveId }) => refresh(valveId) });
}

export function useDeleteDocument() {
  const refresh = useRefreshValveFiles();
  return useMutation({ mutationFn: deleteDocument, onSuccess: (_, { valveId }) => refresh(valveId) });
}
