import type { acceptNameplateBody, overrideBody, ReliefTest } from '@common/schemas/relief-valves';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { readQueryKey } from '@/lib/query-client';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { RELIEF } from './reads';
import { useReliefWrite } from './relief-write';

/* An engineer's review of a test record: overriding its as-found verdict, accepting the nameplate the tester found. */

export const useReliefTest = (id: number) =>
  useQuery({ queryKey: [`${RELIEF}/tests`, id], queryFn: readQueryKey<ReliefTest> });

/** A verdict moves the tag's interval and may raise a work order; a plate changes the device. */
const useReview = <Body>(action: 'override' | 'accept-nameplate') =>
  useReliefWrite<Body, ReliefTest>(
    'POST',
    (id) => `${RELIEF}/tests/${id}/${action}`,
    [`${RELIEF}/tags`, `${RELIEF}/devices`],
    (test, queryClient) => {
      queryClient.setQueryData([`${RELIEF}/tests`, test.id], test);
      void refreshWorkData(queryClient);
    },
  );

export const useOverrideVerdict = () => useReview<z.infer<typeof overrideBody>>('override');
export const useAcceptNameplate = () => useReview<z.infer<typeof acceptNameplateBody>>('accept-nameplate');
