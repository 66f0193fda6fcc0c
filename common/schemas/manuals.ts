import { z } from 'zod';

/** Manual categories of the library (spec §2.19); the category filter matches them exactly. */
export const MANUAL_CATEGORIES = [
  'Operation',
  'Maintenance',
  'Technical',
  'Safety',
  'Installation',
  'Selection',
] as const;
export type ManualCategory = (typeof MANUAL_CATEGORIES)[number];

/** The standards filter (spec §2.19): a manual matches when one of its compliance entries contains the name. */
export const MANUAL_STANDARDS = ['ASME', 'API', 'National Board', 'NFPA', 'ISO'] as const;

export const manualSection = z.object({ title: z.string(), content: z.string() });

/** A built-in manual (spec §3), plus the tab it belongs to: valve or nozzle (or the emergency kit). */
export const manual = z.object({
  id: z.string(),
  kind: z.enum(['valve', 'nozzle', 'kit']),
  title: z.string(),
  type: z.string(),
  category: z.enum(MANUAL_CATEGORIES),
  compliance: z.array(z.string()),
  description: z.string(),
  pages: z.number().int().positive(),
  version: z.string(),
  /** YYYY-MM-DD */
  lastUpdated: z.string(),
  /** '8.2 MB' */
  downloadSize: z.string(),
  sections: z.array(manualSection),
});
export type Manual = z.infer<typeof manual>;

export const manualPdfParams = z.object({
  id: z
    .string()
    .max(60, { error: 'must be at most 60 characters' })
    .regex(/^[a-z0-9-]+$/, { error: 'must be a manual id such as ball-valve-om' }),
});
