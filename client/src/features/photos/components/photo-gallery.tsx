import type { Photo } from '@common/schemas/photos';
import { TEXTS } from '@common/texts';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DeleteWithReasonDialog } from '@/components/delete-with-reason-dialog';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeletons } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { keepFullImage, notePhotoUse } from '@/lib/offline/kept-photos';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import { useDeletePhoto } from '../api/delete-photo';
import { type PhotoOwner, usePhotos } from '../api/get-photos';
import { PendingPhotos } from './pending-photos';

/** Thumbnails of a valve's or a work order's photos; a tap opens the full image over the screen. */
export function PhotoGallery({ owner, emptyText }: { owner: PhotoOwner; emptyText: string }) {
  return (
    <>
      <PendingPhotos owner={owner} />
      <StoredPhotos owner={owner} emptyText={emptyText} />
    </>
  );
}

function StoredPhotos({ owner, emptyText }: { owner: PhotoOwner; emptyText: string }) {
  const { data, error, isPending, refetch } = usePhotos(owner);
  const [shown, setShown] = useState<Photo | null>(null);
  const [deleting, setDeleting] = useState<Photo | null>(null);
  const canDelete = useCan('maintenance:record');
  const remove = useDeletePhoto();
  // The thumbnails shown and the full image opened are the last the device drops when short of room (issue 18).
  useEffect(() => {
    if (data?.length) void notePhotoUse(data.map((p) => p.thumbnailUrl));
  }, [data]);
  useEffect(() => {
    if (shown) void keepFullImage(shown.url);
  }, [shown]);

  if (error) return <LoadError error={error} onRetry={() => refetch()} />;
  if (isPending) {
    return (
      <Skeletons
        count={3}
        label="Loading photos"
        className="grid-cols-2 sm:grid-cols-3"
        itemClassName="aspect-square"
      />
    );
  }
  if (data.length === 0) return <EmptyState>{emptyText}</EmptyState>;

  return (
    <>
      <ul aria-label="Photos" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {data.map((photo) => (
          <li key={photo.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <button type="button" className="block w-full" onClick={() => setShown(photo)}>
              <img
                src={photo.thumbnailUrl}
                alt={photo.description ?? TEXTS.valves.noPhotoDescription}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="aspect-square w-full bg-slate-200 object-cover"
              />
              <span className="sr-only">Open full size</span>
            </button>
            <div className="p-2.5">
              <p className="text-sm font-medium break-words text-slate-900">
                {photo.description ?? TEXTS.valves.noPhotoDescription}
              </p>
              <p className="mt-0.5 text-xs text-slate-600">{formatDateTime(photo.createdAt)}</p>
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
        {shown ? (
          <DialogContent title={shown.description ?? TEXTS.valves.noPhotoDescription} className="max-w-4xl">
            <img
              src={shown.url}
              alt={shown.description ?? TEXTS.valves.noPhotoDescription}
              width={shown.width}
              height={shown.height}
              className="mx-auto h-auto max-h-[70dvh] w-auto max-w-full rounded-lg object-contain"
            />
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-slate-600">{formatDateTime(shown.createdAt)}</p>
              {canDelete ? (
                <Button
                  variant="outline"
                  onClick={() => {
                    setDeleting(shown);
                    setShown(null);
                  }}
                >
                  <Trash2 className="size-5" aria-hidden="true" /> Delete Photo
                </Button>
              ) : null}
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
      <DeleteWithReasonDialog
        title="Delete photo"
        what={deleting?.description ?? 'This photo'}
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDelete={async (reason) => {
          if (!deleting) return;
          await remove.mutateAsync({ id: deleting.id, body: { reason } });
          toast({ title: 'Photo deleted' });
        }}
      />
    </>
  );
}
