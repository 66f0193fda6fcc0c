import { Camera } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { PhotoUploadForm } from '@/features/photos/components/photo-upload-form';
import type { PhotoStepSlot } from '@/features/procedures/components/step-card';
import { isQueued } from '@/lib/offline/offline-write';

/**
 * A procedure's photo step: the photos feature's form takes or picks the photo of the work order, and the step
 * records it once uploaded. Offline, the photo waits in the queue and the step is recorded when it has an id.
 */
export const StepPhoto: PhotoStepSlot = ({ workOrderId, label, disabled, onTaken }) => {
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  return (
    <>
      <Button variant="outline" className="min-h-14" disabled={disabled} onClick={() => setOpen(true)}>
        <Camera className="size-5" aria-hidden="true" />
        Take or choose photo
      </Button>
      {waiting ? (
        <p className="text-sm text-amber-800">The photo waits to sync; record this step once it has uploaded.</p>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Photo for this step" description={label}>
          {open ? (
            <PhotoUploadForm
              owner={{ workOrderId }}
              ownerLabel={label}
              hideOwner
              onCancel={() => setOpen(false)}
              onUploaded={(photo) => {
                setOpen(false);
                if (isQueued(photo)) setWaiting(true);
                else onTaken(photo.id);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
};
