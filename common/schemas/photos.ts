import { z } from 'zod';
import { text } from './fields';
import { isoDateTime, recordId } from './params';

export const photo = z.object({
  id: z.number(),
  valveId: z.number().nullable(),
  workOrderId: z.number().nullable(),
  description: z.string().nullable(),
  contentType: z.string(),
  width: z.number(),
  height: z.number(),
  /** Where the image and its thumbnail are served. */
  url: z.string(),
  thumbnailUrl: z.string(),
  createdAt: isoDateTime,
});
export type Photo = z.infer<typeof photo>;

/** Exactly one of valveId and workOrderId. */
export const photoQuery = z
  .object({ valveId: recordId.optional(), workOrderId: recordId.optional() })
  .refine((q) => (q.valveId === undefined) !== (q.workOrderId === undefined), {
    error: 'give exactly one of valveId or workOrderId',
  });

export const photoImageQuery = z.object({ size: z.enum(['full', 'thumbnail']).default('full') });

/** The text fields that come with an uploaded photo (multipart form fields). */
export const photoUploadFields = z
  .object({
    valveId: recordId.optional(),
    workOrderId: recordId.optional(),
    description: text(500).optional(),
  })
  .refine((q) => (q.valveId === undefined) !== (q.workOrderId === undefined), {
    error: 'give exactly one of valveId or workOrderId',
  });
