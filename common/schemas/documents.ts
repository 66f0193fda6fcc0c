import { z } from 'zod';
import { required, text } from './fields';
import { isoDateTime } from './params';

/** What a document kept with a valve is; anything else is "other". A picture of the valve or its plate is a photo. */
export const DOCUMENT_KINDS = ['manual', 'certificate', 'drawing', 'photo', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  manual: 'Manual',
  certificate: 'Certificate',
  drawing: 'Drawing',
  photo: 'Photo',
  other: 'Other',
};
/** A manufacturer's manual with scanned pages runs to a few MB; past this it is not a document a phone should carry. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export const valveDocument = z.object({
  id: z.number(),
  valveId: z.number(),
  name: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  contentType: z.string(),
  sizeBytes: z.number(),
  uploadedBy: z.string().nullable(),
  createdAt: isoDateTime,
  /** Where the file is served (inline; `?download=1` as an attachment). */
  url: z.string(),
  /** An image's small picture for the list (issue 29); null for a PDF. */
  thumbnailUrl: z.string().nullable(),
});
export type ValveDocument = z.infer<typeof valveDocument>;

/** The text fields that come with an uploaded document (multipart form fields, before the file "file"). */
export const documentUploadFields = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: 'must be manual, certificate, drawing, photo or other' }),
  name: text(200).optional(),
});

export const documentFileQuery = z.object({
  download: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
});

/** Deleting a document or a photo says why; the reason stays in the valve's history. */
export const deletionBody = z.object({ reason: required(500) }, { error: 'send { reason }' });
export type DeletionBody = z.infer<typeof deletionBody>;
