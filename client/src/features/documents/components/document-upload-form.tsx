import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, type DocumentKind } from '@common/schemas/documents';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { FilePicker } from '@/components/file-picker';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/components/use-contract-form';
import type { ApiFailure } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { formatBytes } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useUploadDocument } from '../api/documents';
import { checkDocumentFile, DOCUMENT_ACCEPT, guessDocumentKind } from '../document-file';

const FIELDS = ['file', 'kind', 'name'];

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

/** Choose a PDF or an image, say what it is, upload it to the valve. Needs a connection. */
export function DocumentUploadForm({ valveId, onDone }: { valveId: number; onDone: () => void }) {
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<DocumentKind>('manual');
  const [name, setName] = useState('');
  const form = useContractForm({
    schemas: contractSchemas.documents,
    fields: FIELDS,
    failedTitle: 'Could not add the document',
  });
  const busy = upload.isPending || form.checking;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    // The file's type and size are the form's to check: the contract sees only the text fields.
    const problem = checkDocumentFile(chosen);
    form.reset();
    if (problem) form.showFieldErrors({ file: problem });
    setFile(problem ? null : chosen);
    if (problem) return;
    // The name follows the file picked until the user writes their own.
    if (!name || (file && name === baseName(file.name))) setName(baseName(chosen.name));
    // Each file picked gets its own guess; the Kind field stays the user's to change.
    setKind(guessDocumentKind(chosen));
  };

  // Too large or of a type the server will not keep: said under the file, where it can be changed.
  const fileRefused = (failure: ApiFailure) => {
    if (failure.status !== 413 && failure.status !== 415) return false;
    form.showFieldErrors({ file: failure.message });
    return true;
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const noFile = file ? [] : [{ path: 'file', message: 'Choose a file first.' }];
      const fields = await form.check((schemas) => schemas.documentUploadFields, { kind, name }, noFile);
      if (!fields || !file) return;
      upload.mutate(
        { valveId, kind: fields.kind, name: fields.name ?? '', file },
        {
          onSuccess: (saved) => {
            toast({ title: 'Document added', description: saved?.name });
            onDone();
          },
          onError: (error) => form.refuse(error, undefined, fileRefused),
        },
      );
    });

  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4">
      <FormProblemAlert problem={form.alert} />
      <FilePicker
        accept={DOCUMENT_ACCEPT}
        disabled={busy}
        error={form.errors.file}
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
      <Field label="Kind" required error={form.errors.kind}>
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
      <Field label="Name" error={form.errors.name} hint="As it should read in the list; the file's name if left empty.">
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={200}
            onChange={(e) => {
              setName(e.target.value);
              form.clear('name');
            }}
            placeholder="e.g. Fisher V150 instruction manual"
            disabled={busy}
          />
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <SubmitButton busy={busy} busyLabel="Uploading…">
          Upload Document
        </SubmitButton>
      </FormActions>
    </form>
  );
}
