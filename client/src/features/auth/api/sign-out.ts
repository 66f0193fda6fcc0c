import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiSend } from '@/lib/http';
import { forgetOtherQueries, markSignedOut } from '@/lib/session/session-cache';

export const signOut = () => apiSend<{ success: true }>('POST', '/api/auth/sign-out');

/** Ends the session on the server, leaves for the sign-in page and forgets everything the user saw. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    retry: false,
    onSuccess: async () => {
      // Leave first, rendered at once (flushSync): no screen of the app is left to refetch, or to see the session
      // turn null and send the user to /login?next=... instead of a plain /login.
      await navigate('/login', { replace: true, flushSync: true });
      forgetOtherQueries(queryClient);
      markSignedOut(queryClient);
    },
  });
}
