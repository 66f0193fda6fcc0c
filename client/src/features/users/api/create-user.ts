import type { createdUser, createUserBody } from '@common/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiSend } from '@/lib/http';
import { usersQuery } from './get-users';

export type CreateUserInput = z.input<typeof createUserBody>;
export type CreatedUser = z.infer<typeof createdUser>;

export type CreateUser = { key: string; body: CreateUserInput };

/** With a password the user can sign in at once; without one the answer carries an invitation link. */
export async function createUser({ key, body }: CreateUser): Promise<CreatedUser> {
  return (await apiSend<CreatedUser>('POST', '/api/users', body, { idempotencyKey: key })) as CreatedUser;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}
