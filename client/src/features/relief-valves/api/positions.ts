import { RELIEF_VALVE_TYPE } from '@common/constants';
import type {
  installBody,
  ReliefDevice,
  ReliefDeviceDetail,
  ReliefTag,
  ReliefTagDetail,
  reliefDeviceBody,
  reliefDeviceUpdateBody,
  reliefTagBody,
  reliefTagUpdateBody,
  removeBody,
} from '@common/schemas/relief-valves';
import type { ValveSummary } from '@common/schemas/valves';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { readQueryKey } from '@/lib/query-client';
import { RELIEF } from './reads';
import { useReliefWrite } from './relief-write';

/*
 * Positions and devices: adding and editing tags and serial-numbered valves, and putting a valve on a tag or taking
 * it off. Online only: an engineer's or a shop's desk work, answered at once (a refusal belongs at its field).
 */

/** The safety relief valve records of a plant: the ones a tag there may link to (none until a plant is chosen). */
export const useSafetyReliefValves = (plant: string) =>
  useQuery({
    queryKey: ['/api/valves', { type: RELIEF_VALVE_TYPE, plant }],
    queryFn: readQueryKey<ValveSummary[]>,
    enabled: plant !== '',
  });

export const useReliefDevices = (query: { spare?: 'true' } = {}) =>
  useQuery({ queryKey: [`${RELIEF}/devices`, query], queryFn: readQueryKey<ReliefDevice[]> });

/** A write that changes the tags and devices (and the summary and due dates): all read again. */
const usePositionWrite = <Body, Reply>(method: 'POST' | 'PATCH', path: (id?: number) => string) =>
  useReliefWrite<Body, Reply>(method, path, [`${RELIEF}/tags`, `${RELIEF}/devices`, `${RELIEF}/summary`]);

export const useCreateTag = () =>
  usePositionWrite<z.infer<typeof reliefTagBody>, ReliefTag>('POST', () => `${RELIEF}/tags`);
export const useUpdateTag = () =>
  usePositionWrite<z.infer<typeof reliefTagUpdateBody>, ReliefTag>('PATCH', (id) => `${RELIEF}/tags/${id}`);
export const useCreateDevice = () =>
  usePositionWrite<z.infer<typeof reliefDeviceBody>, ReliefDeviceDetail>('POST', () => `${RELIEF}/devices`);
export const useUpdateDevice = () =>
  usePositionWrite<z.infer<typeof reliefDeviceUpdateBody>, ReliefDeviceDetail>(
    'PATCH',
    (id) => `${RELIEF}/devices/${id}`,
  );
export const useInstallDevice = () =>
  usePositionWrite<z.infer<typeof installBody>, ReliefTagDetail>('POST', (id) => `${RELIEF}/tags/${id}/install`);
export const useRemoveDevice = () =>
  usePositionWrite<z.infer<typeof removeBody>, ReliefTagDetail>('POST', (id) => `${RELIEF}/tags/${id}/remove`);
