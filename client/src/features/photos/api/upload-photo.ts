import type { Photo } from '@common/schemas/photos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newActionKey } from '@/lib/action-key';
import { type Queued, sendOrQueue } from '@/lib/offline/offline-write';
import { refreshWorkData } from '@/lib/refresh-work-data';
import type { PhotoOwner } from './get-photos';

export type PhotoUpload = { key: string; owner: PhotoOwner; file: File; description: string };

/**
 * Multipart: the owner and description first, then the file as "photo" (the server reads fields before the file).
 * With no signal the file itself is kept in the photos store and uploaded when the connection returns.
 */
export async function uploadPhoto({ key, owner, file, description }: PhotoUpload): Promise<Photo | Queued> {
  const fields: Record<string, string> =
    'valveId' in owner ? { valveId: String(owner.valveId) } : { workOrderId: String(owner.workOrderId) };
  if (description) fields.description = description;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const fileName = file.name || 'photo';
  form.set('photo', file, fileName);
  return sendOrQueue<Photo>('POST', '/api/photos', form, {
    idempotencyKey: key,
    photo: { id: newActionKey(), blob: file, fileName, fields },
  });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => void refreshWorkData(queryClient),
  });
}
