import type { Photo } from '@common/schemas/photos';
import { Camera, ImageIcon, Loader2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { FilePicker } from '@/components/file-picker';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import type { ApiFailure } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { isQueued, type Queued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import type { PhotoToSend } from '@/lib/offline/send-photo';
import { toast } from '@/lib/toast';
import type { PhotoOwner } from '../api/get-photos';
import { uploadPhoto, useUploadPhoto } from '../api/upload-photo';
import { canPreview, checkPhotoFile, formatBytes, PHOTO_ACCEPT } from '../photo-file';
import { PHOTO_TEXTS as T } from '../texts';

type PhotoUploadFormProps<A> = {
  owner: PhotoOwner;
  /** What the photo is of, as the user knows it: 'V-001-BV', 'WO-2026-0042'. */
  ownerLabel: string;
  onCancel: () => void;
  /** The server's answer (the stored photo, by default), or the reply that it was kept to upload later. */
  onUploaded: (answer: A | Queued) => void;
  /** Where the photo goes, when not POST /api/photos for the owner: a procedure's photo step takes it whole. */
  send?: (photo: PhotoToSend) => Promise<A | Queued>;
  /** Leave out the "Photo of …" line when the screen already shows what the photo is of. */
  hideOwner?: boolean;
};

const FIELDS = ['photo', 'description'];

/** Take a photo with the phone's camera (or choose a file), see it, describe it, upload it. */
export function PhotoUploadForm<A = Photo>({
  owner,
  ownerLabel,
  onCancel,
  onUploaded,
  hideOwner,
  send,
}: PhotoUploadFormProps<A>) {
  const upload = useUploadPhoto<A>(send ?? ((photo) => uploadPhoto({ ...photo, owner }) as Promise<A | Queued>));
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const form = useContractForm({
    schemas: contractSchemas.photos,
    fields: FIELDS,
    failedTitle: T.uploadFailed,
    toastRefusals: true,
  });
  const busy = upload.isPending || form.checking;

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
    // The file's type and size are the form's to check: the contract sees only the text fields.
    const problem = checkPhotoFile(chosen);
    form.reset();
    if (problem) form.showFieldErrors({ photo: problem });
    setFile(problem ? null : chosen);
  };

  // Too large or of a type the server will not keep: said under the photo, where it can be changed.
  const fileRefused = (failure: ApiFailure) => {
    if (failure.status !== 413 && failure.status !== 415) return false;
    toast({ title: T.uploadFailed, description: failure.message, tone: 'danger' });
    form.showFieldErrors({ photo: failure.message });
    return true;
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const noFile = file ? [] : [{ path: 'photo', message: T.noFile }];
      const fields = await form.check((schemas) => schemas.photoUploadFields, { ...owner, description }, noFile);
      if (!fields || !file) return;
      upload.mutate(
        { key: newActionKey(), file, description: fields.description ?? '' },
        {
          onSuccess: (answer) => {
            if (isQueued(answer)) toastQueued(ownerLabel);
            else toast({ title: T.uploaded, description: ownerLabel });
            onUploaded(answer);
          },
          onError: (error) => form.refuse(error, undefined, fileRefused),
        },
      );
    });

  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4">
      {hideOwner ? null : (
        <p className="text-base text-slate-700">
          Photo of <span className="font-bold text-slate-900">{ownerLabel}</span>
        </p>
      )}
      <FormProblemAlert problem={form.alert} />

      <FilePicker
        accept={PHOTO_ACCEPT}
        capture="environment"
        disabled={busy}
        error={form.errors.photo}
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

      <Field label="Description" error={form.errors.description}>
        {(control) => (
          <Input
            {...control}
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              form.clear('description');
            }}
            placeholder="e.g. Stem packing after repair"
            disabled={busy}
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
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {T.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel={T.uploading}>
          {T.upload}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
