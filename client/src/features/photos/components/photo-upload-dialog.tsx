import type { ValveSummary } from '@common/schemas/valves';
import { useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { ValvePickerSlot } from '@/components/valve-picker-slot';
import type { PhotoOwner } from '../api/get-photos';
import { PHOTO_TEXTS as T } from '../texts';
import { PhotoUploadForm } from './photo-upload-form';

type PhotoUploadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  owner: PhotoOwner;
  ownerLabel: string;
  /** After a good upload, besides closing (e.g. show the Photos tab). */
  onUploaded?: () => void;
};

/** Add Photo on a valve's or a work order's screen: the owner is known. */
export function PhotoUploadDialog({ open, onOpenChange, owner, ownerLabel, onUploaded }: PhotoUploadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T.addTitle} description={`Add a photo to ${ownerLabel}`}>
        {open ? (
          <PhotoUploadForm
            owner={owner}
            ownerLabel={ownerLabel}
            onCancel={() => onOpenChange(false)}
            onUploaded={() => {
              onOpenChange(false);
              onUploaded?.();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Photo Doc (dashboard) and Photo Documentation (action menu): which valve first, then the photo. */
export function PhotoDocDialog({
  open,
  onOpenChange,
  onUploaded,
  valvePicker,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUploaded: (valveId: number) => void;
  /** The valves feature's picker, passed in by app/. */
  valvePicker: ValvePickerSlot;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T.docTitle} description={T.chooseValve}>
        {open ? (
          <PhotoDoc ValvePicker={valvePicker} onCancel={() => onOpenChange(false)} onUploaded={onUploaded} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PhotoDoc({
  ValvePicker,
  onCancel,
  onUploaded,
}: {
  ValvePicker: ValvePickerSlot;
  onCancel: () => void;
  onUploaded: (valveId: number) => void;
}) {
  const [valve, setValve] = useState<ValveSummary | null>(null);
  return (
    <div className="grid gap-4">
      {valve ? null : <p className="text-base text-slate-700">{T.chooseValve}</p>}
      <ValvePicker value={valve} onChange={setValve} allowDecommissioned />
      {valve ? (
        <PhotoUploadForm
          key={valve.id}
          owner={{ valveId: valve.id }}
          ownerLabel={valve.valveId}
          hideOwner
          onCancel={onCancel}
          onUploaded={() => onUploaded(valve.id)}
        />
      ) : null}
    </div>
  );
}
