import type { Photo } from '@common/schemas/photos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isQueued, type Queued } from '@/lib/offline/offline-write';
import { type PhotoToSend, sendPhotoForm } from '@/lib/offline/send-photo';
import { refreshWorkData } from '@/lib/refresh-work-data';
import type { PhotoOwner } from './get-photos';

export type PhotoUpload = PhotoToSend & { owner: PhotoOwner };

/** POST /api/photos for a valve or a work order; offline, kept and sent once the connection returns. */
export function uploadPhoto({ owner, ...photo }: PhotoUpload): Promise<Photo | Queued> {
  const fields: Record<string, string> =
    'valveId' in owner ? { valveId: String(owner.valveId) } : { workOrderId: String(owner.workOrderId) };
  if (photo.description) fields.description = photo.description;
  return sendPhotoForm<Photo>('/api/photos', fields, photo);
}

/** Uploads through `send`: POST /api/photos for the owner, or another route that takes a photo (a procedure step). */
export function useUploadPhoto<A>(send: (photo: PhotoToSend) => Promise<A | Queued>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // A queued photo changed nothing on the server yet: re-reading would only bring back the kept copies, over
    // what the sender wrote into them (a photo step shown as waiting).
    onSuccess: (answer) => {
      if (!isQueued(answer)) void refreshWorkData(queryClient);
    },
  });
}
