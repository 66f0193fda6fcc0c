import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, type DocumentKind } from '@common/schemas/documents';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { FilePicker } from '@/components/file-picker';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { fieldErrors, readApiError } from '@/lib/api-error';
import { formatBytes } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useUploadDocument } from '../api/documents';
import { checkDocumentFile, DOCUMENT_ACCEPT } from '../document-file';

/** Choose a PDF or an image, say what it is, upload it to the valve. Needs a connection. */
export function DocumentUploadForm({ valveId, onDone }: { valveId: number; onDone: () => void }) {
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<DocumentKind>('manual');
  const [name, setName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    const problem = checkDocumentFile(chosen);
    setFileError(problem);
    setFormError(null);
    setFile(problem ? null : chosen);
    if (!problem && !name) setName(chosen.name.replace(/\.[^.]+$/, ''));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    if (!file) {
      setFileError('Choose a file first.');
      return;
    }
    setFormError(null);
    upload.mutate(
      { valveId, kind, name: name.trim(), file },
      {
        onSuccess: (saved) => {
          toast({ title: 'Document added', description: saved?.name });
          onDone();
        },
        onError: (error) => {
          const failure = readApiError(error);
          const byField = fieldErrors(failure.issues);
          if (byField.name) setNameError(byField.name);
          else if (byField.file || failure.status === 413 || failure.status === 415) setFileError(failure.message);
          else setFormError(failure.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {formError ? <FormAlert title="Could not add the document">{formError}</FormAlert> : null}
      <FilePicker
        accept={DOCUMENT_ACCEPT}
        disabled={upload.isPending}
        error={fileError}
        hint="PDF, JPEG, PNG or WebP, up to 20 MB."
        icon={FileUp}
        label={file ? 'Choose Another File' : 'Choose File'}
        onChoose={choose}
      >
        {file ? (
          <p className="rounded-lg border border-slate-300 px-3 py-2 text-sm break-all text-slate-800">
            {file.name} · {formatBytes(file.size)}
          </p>
        ) : null}
      </FilePicker>
      <Field label="Kind" required>
        {(control) => (
          <Select {...control} value={kind} onChange={(e) => setKind(e.target.value as DocumentKind)}>
            {DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {DOCUMENT_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Name" error={nameError} hint="As it should read in the list; the file's name if left empty.">
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={200}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(undefined);
            }}
            placeholder="e.g. Fisher V150 instruction manual"
            disabled={upload.isPending}
          />
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={upload.isPending}>
          Cancel
        </Button>
        <SubmitButton busy={upload.isPending} busyLabel="Uploading…">
          Upload Document
        </SubmitButton>
      </FormActions>
    </form>
  );
}
