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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiSend } from '@/lib/http';
import { readQueryKey } from '@/lib/query-client';
import { RELIEF } from './reads';

/*
 * Positions and devices: adding and editing tags and serial-numbered valves, and putting a valve on a tag or taking
 * it off. Online only: an engineer's or a shop's desk work, answered at once (a refusal belongs at its field).
 */

export const useReliefDevices = (query: { spare?: 'true' } = {}) =>
  useQuery({ queryKey: [`${RELIEF}/devices`, query], queryFn: readQueryKey<ReliefDevice[]> });

type Write<Body> = { key: string; body: Body };

/** A write whose answer changes the tag and device lists (and the summary and due dates): all read again. */
function usePositionWrite<Body, Reply>(method: 'POST' | 'PATCH', path: (id?: number) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key, body }: Write<Body> & { id?: number }) =>
      apiSend<Reply>(method, path(id), body, { idempotencyKey: key }) as Promise<Reply>,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [`${RELIEF}/tags`] });
      void queryClient.invalidateQueries({ queryKey: [`${RELIEF}/devices`] });
      void queryClient.invalidateQueries({ queryKey: [`${RELIEF}/summary`] });
    },
  });
}

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
