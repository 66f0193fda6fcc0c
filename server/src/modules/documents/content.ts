import { HttpError } from '../../plugins/errors';

/** The file types a valve document may be, each known by its first bytes: the name and declared type are not asked. */
const SIGNATURES: { contentType: string; extension: string; matches: (b: Buffer) => boolean }[] = [
  { contentType: 'application/pdf', extension: 'pdf', matches: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  { contentType: 'image/jpeg', extension: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    contentType: 'image/png',
    extension: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    contentType: 'image/webp',
    extension: 'webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export const WRONG_DOCUMENT_TYPE = 'Upload a PDF, or a JPEG, PNG or WebP image.';

/** What the bytes are, by their signature; anything else (a renamed .exe, an HTML page, a Word file) is 415. */
export function documentType(bytes: Buffer): { contentType: string; extension: string } {
  const found = SIGNATURES.find((s) => bytes.length >= 12 && s.matches(bytes));
  if (!found) throw new HttpError(415, WRONG_DOCUMENT_TYPE);
  return { contentType: found.contentType, extension: found.extension };
}

/**
 * Whether a document's file may be shown in the browser rather than saved: an image is drawn by the browser and runs
 * nothing; a PDF viewer may run the PDF's JavaScript, and anything else is not ours to render (issue 27, item 11).
 */
export const opensInline = (contentType: string) => contentType.startsWith('image/');

/**
 * The name shown and offered on download: the uploader's, without any path or markup (issue 27, item 11: names
 * with HTML were kept), with the right extension.
 */
export function documentName(given: string | undefined, fileName: string | undefined, extension: string): string {
  const base = (given || fileName || 'document')
    .replace(/<[^>]*>?/g, '')
    .replace(/^.*[\\/]/, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being removed
    .replace(/[\u0000-\u001f"<>]/g, '')
    .trim()
    .slice(0, 200);
  const name = base || 'document';
  return name.toLowerCase().endsWith(`.${extension}`) || (extension === 'jpg' && /\.jpe?g$/i.test(name))
    ? name
    : `${name}.${extension}`;
}
