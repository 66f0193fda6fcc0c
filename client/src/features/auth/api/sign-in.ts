import type { OrganizationChoice, sessionBody, signInBody } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { readApiError } from '@/lib/api-error';
import { apiSend } from '@/lib/http';
import { ensureSigningKey } from '@/lib/offline/signing-key';
import { startSession } from '@/lib/session/session-cache';
import { AUTH_TEXTS } from '../texts';

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
    onSuccess: (reply, { password }) => {
      if (!reply) return;
      startSession(queryClient, reply.user);
      // With the password in hand, the device gets its key for signing with no signal (decisions/121); in the
      // background, and a failure only means signing offline waits for the next signature made online.
      ensureSigningKey(reply.user.id, password).catch(() => undefined);
    },
  });
}

const isOrganization = (value: unknown): value is OrganizationChoice =>
  typeof (value as OrganizationChoice)?.id === 'number' && typeof (value as OrganizationChoice)?.name === 'string';

/**
 * The organizations to choose from when the address and password open accounts in several (the server's 409);
 * null for any other failure.
 */
export function organizationsToChoose(error: unknown): OrganizationChoice[] | null {
  const failure = readApiError(error);
  const offered = (failure.body as { organizations?: unknown } | undefined)?.organizations;
  if (failure.status !== 409 || !Array.isArray(offered)) return null;
  return offered.filter(isOrganization);
}

/**
 * The title over a failed sign-in's message: an address not yet confirmed (403) and an account paused after too
 * many wrong passwords (429) are said as such; the server's message below says what to do and when.
 */
export function signInAlertTitle(error: unknown): string {
  const { status } = readApiError(error);
  if (status === 403) return AUTH_TEXTS.signIn.unverified;
  if (status === 429) return AUTH_TEXTS.signIn.paused;
  return AUTH_TEXTS.signIn.failed;
}
