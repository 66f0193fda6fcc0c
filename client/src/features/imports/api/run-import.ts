import type { ImportKind, ImportMode, ImportReport } from '@common/schemas/imports';
import { newActionKey } from '@/lib/action-key';
import { HttpError, httpErrorMessage } from '@/lib/http';

export type ImportRequest = {
  kind: ImportKind;
  mode: ImportMode;
  file: File;
  /** Column → field; left out, the server uses the mapping it remembers for these columns, or their names. */
  mapping?: Record<string, string>;
  /** Share of the file sent, 0 to 1: a register of tens of thousands of rows takes a while on a site's link. */
  onSent?: (share: number) => void;
};

/**
 * `POST /api/imports/<kind>?mode=...` (issue 32). XMLHttpRequest rather than fetch, because only it reports how much
 * of the upload has gone. Online only: an import is an office task, checked before it is written. Errors are the
 * same HttpError as apiSend's, so readApiError reads them.
 */
export function runImport({ kind, mode, file, mapping, onSent }: ImportRequest): Promise<ImportReport> {
  const form = new FormData();
  if (mapping) form.set('mapping', JSON.stringify(mapping));
  form.set('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/imports/${kind}?mode=${mode}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    if (mode === 'apply') request.setRequestHeader('Idempotency-Key', newActionKey());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onSent?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as ImportReport);
      else
        reject(
          new HttpError(request.status, httpErrorMessage(request.status, request.responseText, request.statusText)),
        );
    };
    request.onerror = () => reject(new TypeError('network error'));
    request.send(form);
  });
}
