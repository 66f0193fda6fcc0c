import type { sessionBody, signUpBody, verificationPending } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiSend } from '@/lib/http';
import { startSession } from '@/lib/session/session-cache';

export type SignUpInput = z.input<typeof signUpBody>;
/** A session, or (202) a link mailed to an address another account already uses, to confirm it first. */
type SessionBody = z.infer<typeof sessionBody> | z.infer<typeof verificationPending>;

export const signUp = (body: SignUpInput) => apiSend<SessionBody>('POST', '/api/auth/sign-up', body);

/** The first visit of an empty installation: creates the organization with the visitor as its admin. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    retry: false,
    onSuccess: (reply) => {
      if (reply && 'user' in reply) startSession(queryClient, reply.user);
    },
  });
}
