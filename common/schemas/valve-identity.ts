import { z } from 'zod';

/**
 * What identifies a valve on the plant floor: the part of it every record about a valve carries (a work order's
 * `valve`), and the start of the valve's own summary. A file of its own so both can build on it one way.
 */
export const valveIdentity = z.object({
  id: z.number(),
  valveId: z.string(),
  type: z.string(),
  size: z.string(),
  pressure: z.string(),
  plant: z.string(),
  /** The plant's unit or area the valve sits in (its tree, GET /api/plants/:id/tree). */
  area: z.string(),
  location: z.string(),
  system: z.string(),
});
export type ValveIdentity = z.infer<typeof valveIdentity>;
