import type { Photo } from '@common/schemas/photos';
import { Camera, ImageIcon, Loader2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { FilePicker } from '@/components/file-picker';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { newActionKey } from '@/lib/action-key';
import { fieldErrors, readApiError } from '@/lib/api-error';
import { isQueued, type Queued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import type { PhotoOwner } from '../api/get-photos';
import { useUploadPhoto } from '../api/upload-photo';
import { canPreview, checkPhotoFile, formatBytes, PHOTO_ACCEPT } from '../photo-file';
import { PHOTO_TEXTS as T } from '../texts';

type PhotoUploadFormProps = {
  owner: PhotoOwner;
  /** What the photo is of, as the user knows it: 'V-001-BV', 'WO-2026-0042'. */
  ownerLabel: string;
  onCancel: () => void;
  /** The stored photo, or the reply that it was kept on the device to upload later. */
  onUploaded: (photo: Photo | Queued) => void;
  /** Leave out the "Photo of …" line when the screen already shows what the photo is of. */
  hideOwner?: boolean;
};

/** Take a photo with the phone's camera (or choose a file), see it, describe it, upload it. */
export function PhotoUploadForm({ owner, ownerLabel, onCancel, onUploaded, hideOwner }: PhotoUploadFormProps) {
  const upload = useUploadPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [descriptionError, setDescriptionError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  // The preview is a blob URL: let it go when the photo changes or the form closes.
  useEffect(() => {
    if (!file || !canPreview(file)) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (!chosen) return;
    const problem = checkPhotoFile(chosen);
    setFileError(problem);
    setFormError(null);
    setFile(problem ? null : chosen);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    if (!file) {
      setFileError(T.noFile);
      return;
    }
    setFormError(null);
    upload.mutate(
      { key: newActionKey(), owner, file, description: description.trim() },
      {
        onSuccess: (photo) => {
          if (isQueued(photo)) toastQueued(ownerLabel);
          else toast({ title: T.uploaded, description: ownerLabel });
          onUploaded(photo);
        },
        onError: (error) => {
          const failure = readApiError(error);
          toast({ title: T.uploadFailed, description: failure.message, tone: 'danger' });
          const byField = fieldErrors(failure.issues);
          if (byField.description) setDescriptionError(byField.description);
          if (byField.photo || failure.status === 413 || failure.status === 415) setFileError(failure.message);
          else if (!byField.description) setFormError(failure.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {hideOwner ? null : (
        <p className="text-base text-slate-700">
          Photo of <span className="font-bold text-slate-900">{ownerLabel}</span>
        </p>
      )}
      {formError ? <FormAlert title={T.uploadFailed}>{formError}</FormAlert> : null}

      <FilePicker
        accept={PHOTO_ACCEPT}
        capture="environment"
        disabled={upload.isPending}
        error={fileError}
        hint={T.fileHint}
        icon={Camera}
        label={file ? T.chooseAnother : T.chooseFile}
        onChoose={choose}
      >
        {preview || file ? (
          <div className="overflow-hidden rounded-lg border border-slate-300 bg-slate-900">
            {preview ? (
              <img src={preview} alt="Preview of your choice" className="mx-auto max-h-72 w-auto object-contain" />
            ) : (
              <div className="flex h-40 flex-col items-center justify-center gap-2 text-slate-300">
                <ImageIcon className="size-10" aria-hidden="true" />
                <span className="text-sm">Preview not available for this format</span>
              </div>
            )}
            {file ? (
              <p className="bg-white px-3 py-2 text-sm break-all text-slate-700">
                {file.name} · {formatBytes(file.size)}
              </p>
            ) : null}
          </div>
        ) : null}
      </FilePicker>

      <Field label="Description" error={descriptionError}>
        {(control) => (
          <Input
            {...control}
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              setDescriptionError(undefined);
            }}
            placeholder="e.g. Stem packing after repair"
            disabled={upload.isPending}
          />
        )}
      </Field>

      {upload.isPending && file ? (
        <div role="status" className="grid gap-1.5">
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-800">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Uploading {formatBytes(file.size)}…
          </p>
          <div className="h-2 overflow-hidden rounded-full bg-slate-200">
            <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
          </div>
        </div>
      ) : null}

      <FormActions>
        <Button variant="outline" onClick={onCancel} disabled={upload.isPending}>
          {T.cancel}
        </Button>
        <SubmitButton busy={upload.isPending} busyLabel={T.uploading}>
          {T.upload}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
