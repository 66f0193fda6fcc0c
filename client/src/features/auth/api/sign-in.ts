import type { sessionBody, signInBody } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiSend } from '@/lib/http';
import { startSession } from '@/lib/session/session-cache';

export type SignInInput = z.input<typeof signInBody>;
type SessionBody = z.infer<typeof sessionBody>;

export const signIn = (body: SignInInput) => apiSend<SessionBody>('POST', '/api/auth/sign-in', body);

/** Signs in with email and password; the server sets the session cookie, the cache starts afresh. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Never retried: a wrong password stays wrong, and retries would only eat the attempts the server allows.
    retry: false,
    meta: { expectsUnauthorized: true },
    onSuccess: (reply) => {
      if (reply) startSession(queryClient, reply.user);
    },
  });
}
