import { z } from 'zod';
import { required } from './fields';

/*
 * The organization's manufacturers and their models, from its valves (issue 30): a form suggests them, so "Fisher",
 * "FISHER" and "Emerson Fisher" do not become three makers, and an admin merges two that are one.
 */

export const maker = z.object({
  name: z.string(),
  valves: z.number(),
  models: z.array(z.object({ name: z.string(), valves: z.number() })),
});
export type Maker = z.infer<typeof maker>;

export const makerMergeBody = z.object({
  /** The spelling to fold away (matched regardless of case and spacing). */
  from: required(100),
  /** The spelling every valve of `from` takes. */
  into: required(100),
});
export type MakerMergeBody = z.infer<typeof makerMergeBody>;

export const makerMergeResult = z.object({ merged: z.number(), into: z.string() });
