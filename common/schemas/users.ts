import { z } from 'zod';

export const userRef = z.object({ id: z.number(), name: z.string() });
export type UserRef = z.infer<typeof userRef>;
