import { z } from 'zod';

export const userRef = z.object({ id: z.number(), name: z.string() });
export type UserRef = z.infer<typeof userRef>;

/** One of GET /api/users/assignees: an active person work can be assigned to, or a store or a record can name. */
export const assignee = userRef.extend({ role: z.string() });
export type Assignee = z.infer<typeof assignee>;
