import type { ManagedUser, updateUserBody } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { readApiError } from '@/lib/api-error';
import { apiSend } from '@/lib/http';
import { keepAnswer } from '@/lib/keep-answer';
import { usersQuery } from './get-users';

export type UpdateUserInput = z.input<typeof updateUserBody>;
export type UpdateUser = { id: number; key: string; body: UpdateUserInput };

/** Role, plants or active flag, sent with the version the admin saw; a stale version answers 409. */
export async function updateUser({ id, key, body }: UpdateUser): Promise<ManagedUser> {
  return (await apiSend<ManagedUser>('PATCH', `/api/users/${id}`, body, { idempotencyKey: key })) as ManagedUser;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (user) => {
      await keepAnswer(queryClient, usersQuery.queryKey, (list) => list?.map((u) => (u.id === user.id ? user : u)));
    },
    onError: (error) => {
      // Someone else changed the user (or the rule on admins stopped it): show the list as it is now.
      if (readApiError(error).status === 409) void queryClient.invalidateQueries({ queryKey: usersQuery.queryKey });
    },
  });
}
