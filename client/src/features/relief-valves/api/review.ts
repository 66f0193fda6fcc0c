import type { acceptNameplateBody, overrideBody, ReliefTest } from '@common/schemas/relief-valves';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiSend } from '@/lib/http';
import { readQueryKey } from '@/lib/query-client';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { RELIEF } from './reads';

/* An engineer's review of a test record: overriding its as-found verdict, accepting the nameplate the tester found. */

export const useReliefTest = (id: number) =>
  useQuery({ queryKey: [`${RELIEF}/tests`, id], queryFn: readQueryKey<ReliefTest> });

function useReview<Body>(action: 'override' | 'accept-nameplate') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key, body }: { id: number; key: string; body: Body }) =>
      apiSend<ReliefTest>('POST', `${RELIEF}/tests/${id}/${action}`, body, {
        idempotencyKey: key,
      }) as Promise<ReliefTest>,
    onSuccess: (test) => {
      queryClient.setQueryData([`${RELIEF}/tests`, test.id], test);
      // A verdict moves the tag's interval and may raise a work order; a plate changes the device.
      void queryClient.invalidateQueries({ queryKey: [`${RELIEF}/tags`] });
      void queryClient.invalidateQueries({ queryKey: [`${RELIEF}/devices`] });
      void refreshWorkData(queryClient);
    },
  });
}

export const useOverrideVerdict = () => useReview<z.infer<typeof overrideBody>>('override');
export const useAcceptNameplate = () => useReview<z.infer<typeof acceptNameplateBody>>('accept-nameplate');
