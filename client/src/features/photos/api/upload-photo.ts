import type { Photo } from '@common/schemas/photos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshWorkData } from '@/features/dashboard/api/refresh-work-data';
import { apiSend } from '@/lib/http';
import type { PhotoOwner } from './get-photos';

export type PhotoUpload = { key: string; owner: PhotoOwner; file: File; description: string };

/** Multipart: the owner and description first, then the file as "photo" (the server reads fields before the file). */
export async function uploadPhoto({ key, owner, file, description }: PhotoUpload): Promise<Photo> {
  const form = new FormData();
  if ('valveId' in owner) form.set('valveId', String(owner.valveId));
  else form.set('workOrderId', String(owner.workOrderId));
  if (description) form.set('description', description);
  form.set('photo', file, file.name || 'photo');
  return (await apiSend<Photo>('POST', '/api/photos', form, { idempotencyKey: key })) as Photo;
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => void refreshWorkData(queryClient),
  });
}
