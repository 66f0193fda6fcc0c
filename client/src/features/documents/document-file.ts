import { type DocumentKind, MAX_DOCUMENT_BYTES } from '@common/schemas/documents';
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

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp)$/i;
/** Words in a file's name that say what a PDF is; a datasheet is filed with the manuals (there is no kind of its own). */
const NAMED_KINDS: [RegExp, DocumentKind][] = [
  [/certificat|\bcert\b|calibration|test.?report|\bcoc\b/i, 'certificate'],
  [/manual|datasheet|data.?sheet|instruction|\biom\b|handbook|guide/i, 'manual'],
  [/drawing|\bdwg\b|schematic|diagram|p.?&.?id|\bga\b|layout/i, 'drawing'],
];

/**
 * The kind a picked file most likely is (issue 29), preselected and still changeable: an image is a photo, never a
 * manual; a PDF by the words of its name; else "other", so nothing is filed as a manual by default.
 */
export function guessDocumentKind(file: { name: string; type: string }): DocumentKind {
  if (file.type.toLowerCase().startsWith('image/') || IMAGE_EXTENSIONS.test(file.name)) return 'photo';
  const words = file.name.replace(/[_.-]+/g, ' ');
  return NAMED_KINDS.find(([pattern]) => pattern.test(words))?.[1] ?? 'other';
}
