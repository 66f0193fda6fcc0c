import { TEXTS } from '@common/texts';
import { useEffect, useState } from 'react';
import { PENDING_FRAME, PendingBadge } from '@/components/pending-badge';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import type { OfflinePhoto } from '@/lib/offline/offline-db';
import { pendingPhotos } from '@/lib/offline/pending-changes';
import { usePendingQueue } from '@/lib/offline/use-pending-queue';
import type { PhotoOwner } from '../api/get-photos';

/** Photos taken on this device and not uploaded yet, shown from the stored files. */
export function PendingPhotos({ owner }: { owner: PhotoOwner }) {
  const { queue, photos } = usePendingQueue({ withPhotos: true });
  const pending = pendingPhotos(queue, photos, owner);
  if (pending.length === 0) return null;
  return (
    <ul
      aria-label={`${TEXTS.offline.pending}: photos`}
      className="mb-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4"
    >
      {pending.map(({ key, photo, timestamp }) => (
        <li key={key} data-testid="pending-photo" className={cn('overflow-hidden rounded-xl', PENDING_FRAME)}>
          <StoredImage photo={photo} />
          <div className="grid gap-1 p-2.5">
            <PendingBadge className="justify-self-start" />
            <p className="text-sm font-medium break-words text-slate-900">
              {photo.fields.description || TEXTS.valves.noPhotoDescription}
            </p>
            <p className="text-xs text-slate-600">{formatDateTime(new Date(timestamp).toISOString())}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function StoredImage({ photo }: { photo: OfflinePhoto }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(photo.blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo.blob]);
  return url ? (
    <img
      src={url}
      alt={photo.fields.description || TEXTS.valves.noPhotoDescription}
      className="aspect-square w-full bg-slate-200 object-cover"
    />
  ) : (
    <div className="aspect-square w-full bg-slate-200" />
  );
}
