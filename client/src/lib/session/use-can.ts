import { type Action, can } from '@common/permissions';
import { useSession } from './session-query';

/** Whether the signed-in user's role allows the action (common/permissions.ts); the server checks it again. */
export function useCan(action: Action): boolean {
  const { data: user } = useSession();
  return Boolean(user && can(user.role, action));
}
