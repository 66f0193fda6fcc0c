import type { acceptInviteBody, sessionBody, verificationPending } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiSend } from '@/lib/http';
import { startSession } from '@/lib/session/session-cache';

export type AcceptInviteInput = z.input<typeof acceptInviteBody>;
/** A session, or (202) a link mailed to an address another account already uses, to confirm it first. */
type SessionBody = z.infer<typeof sessionBody> | z.infer<typeof verificationPending>;

export const acceptInvite = (body: AcceptInviteInput) => apiSend<SessionBody>('POST', '/api/auth/accept-invite', body);

/** The invited person chooses a password and is signed in with it. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    retry: false,
    onSuccess: (reply) => {
      if (reply && 'user' in reply) startSession(queryClient, reply.user);
    },
  });
}
