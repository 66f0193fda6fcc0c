import type {
  Certificate,
  certificateBody,
  Instrument,
  instrumentBody,
  Qualification,
  qualificationBody,
} from '@common/schemas/relief-valves';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiSend } from '@/lib/http';
import { readQueryKey } from '@/lib/query-client';
import { RELIEF } from './reads';

/* The shop's authority and instruments: certificates, testers' qualifications, benches and gauges, each with expiry. */

export const useReliefCertificates = () =>
  useQuery({ queryKey: [`${RELIEF}/certificates`], queryFn: readQueryKey<Certificate[]> });
export const useReliefQualifications = () =>
  useQuery({ queryKey: [`${RELIEF}/qualifications`], queryFn: readQueryKey<Qualification[]> });
export const useReliefInstruments = () =>
  useQuery({ queryKey: [`${RELIEF}/instruments`], queryFn: readQueryKey<Instrument[]> });
/** Whom a qualification may name: the organization's active people (any signed-in user may read them). */
export const useTesters = () =>
  useQuery({
    queryKey: ['/api/users/assignees'],
    queryFn: readQueryKey<{ id: number; name: string; role: string }[]>,
  });

/** A write of the shop's records; online only (a supervisor's desk work), and the lists it changes read again. */
function useShopWrite<Body, Reply>(path: 'certificates' | 'qualifications' | 'instruments') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: Body }) =>
      apiSend<Reply>('POST', `${RELIEF}/${path}`, body, { idempotencyKey: key }) as Promise<Reply>,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [`${RELIEF}/${path}`] });
      void queryClient.invalidateQueries({ queryKey: [`${RELIEF}/test-options`] });
    },
  });
}

export const useCreateQualification = () =>
  useShopWrite<z.infer<typeof qualificationBody>, Qualification>('qualifications');
export const useCreateInstrument = () => useShopWrite<z.infer<typeof instrumentBody>, Instrument>('instruments');
export const useCreateCertificate = () => useShopWrite<z.infer<typeof certificateBody>, Certificate>('certificates');
