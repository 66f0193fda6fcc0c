import type {
  Certificate,
  certificateBody,
  Instrument,
  instrumentBody,
  Qualification,
  qualificationBody,
} from '@common/schemas/relief-valves';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { readQueryKey } from '@/lib/query-client';
import { RELIEF } from './reads';
import { useReliefWrite } from './relief-write';

/* The shop's authority and instruments: certificates, testers' qualifications, benches and gauges, each with expiry. */

export const useReliefCertificates = () =>
  useQuery({ queryKey: [`${RELIEF}/certificates`], queryFn: readQueryKey<Certificate[]> });
export const useReliefQualifications = () =>
  useQuery({ queryKey: [`${RELIEF}/qualifications`], queryFn: readQueryKey<Qualification[]> });
export const useReliefInstruments = () =>
  useQuery({ queryKey: [`${RELIEF}/instruments`], queryFn: readQueryKey<Instrument[]> });
/** A write of the shop's records; the list it changes and the record form's choices read again. */
const useShopWrite = <Body, Reply>(path: 'certificates' | 'qualifications' | 'instruments') =>
  useReliefWrite<Body, Reply>('POST', () => `${RELIEF}/${path}`, [`${RELIEF}/${path}`, `${RELIEF}/test-options`]);

export const useCreateQualification = () =>
  useShopWrite<z.infer<typeof qualificationBody>, Qualification>('qualifications');
export const useCreateInstrument = () => useShopWrite<z.infer<typeof instrumentBody>, Instrument>('instruments');
export const useCreateCertificate = () => useShopWrite<z.infer<typeof certificateBody>, Certificate>('certificates');
