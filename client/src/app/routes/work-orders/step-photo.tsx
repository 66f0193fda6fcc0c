import { Camera } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { PhotoUploadForm } from '@/features/photos/components/photo-upload-form';
import type { PhotoStepSlot } from '@/features/procedures/components/step-card';

/**
 * A procedure's photo step: the photos feature's form takes or picks the photo, and the procedure's `send` records
 * the step with it in one write. Offline, that one write waits in the queue, photo and answer together.
 */
export const StepPhoto: PhotoStepSlot = ({ workOrderId, label, disabled, send }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="min-h-14" disabled={disabled} onClick={() => setOpen(true)}>
        <Camera className="size-5" aria-hidden="true" />
        Take or choose photo
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Photo for this step" description={label}>
          {open ? (
            <PhotoUploadForm<unknown>
              owner={{ workOrderId }}
              ownerLabel={label}
              hideOwner
              send={send}
              onCancel={() => setOpen(false)}
              onUploaded={() => setOpen(false)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
};
