import { MAX_DOCUMENT_BYTES } from '@common/schemas/documents';
import { formatBytes } from '@/lib/format';

/** What the server takes (it checks again, by the file's content): PDF and the common image types. */
export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
const TYPES = new Set(DOCUMENT_ACCEPT.split(','));
const EXTENSIONS = /\.(pdf|jpe?g|png|webp)$/i;

/** Null when the file can be sent, else why not, in the words shown under the field. */
export function checkDocumentFile(file: { name: string; type: string; size: number }): string | null {
  const known = file.type ? TYPES.has(file.type.toLowerCase()) : EXTENSIONS.test(file.name);
  if (!known) return 'Choose a PDF, or a JPEG, PNG or WebP image.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > MAX_DOCUMENT_BYTES) {
    return `This file is ${formatBytes(file.size)}; a document may be at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`;
  }
  return null;
}
