import type { Alarm, AlarmList, AlarmWorkOrder, ShelveAlarmBody } from '@common/schemas/alarms';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { newActionKey } from '@/lib/action-key';
import { apiSend } from '@/lib/http';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { withAlarm } from '../alarm-words';

export type AlarmChange = { kind: 'acknowledge' } | { kind: 'unshelve' } | { kind: 'shelve'; body: ShelveAlarmBody };

const isAlarmRead = (key: unknown) => String(key).startsWith('/api/alarms');

/**
 * After a write: the card shows the alarm the server answered with at once, then every alarm read (the lists, the
 * week's figures) loads again, since the state, the counts and the order have moved.
 */
function showChanged(queryClient: QueryClient, changed: Alarm | null) {
  if (changed) {
    queryClient.setQueriesData<AlarmList>(
      { predicate: (query) => String(query.queryKey[0]).startsWith('/api/alarms?') },
      (list) => (list ? withAlarm(list, changed) : list),
    );
  }
  return queryClient.invalidateQueries({ predicate: (query) => isAlarmRead(query.queryKey[0]) });
}

/** A POST with one Idempotency-Key for the tap, kept by every retry of it, so a retried write lands once. */
async function post<Reply>(path: string, body: unknown, key: string): Promise<Reply> {
  const reply = await apiSend<Reply>('POST', path, body, { idempotencyKey: key });
  if (reply === null) throw new Error(`${path} answered without the alarm`);
  return reply;
}

/**
 * Acknowledge, shelve or unshelve, online only: an acknowledgement queued on a phone without signal would tell the
 * control room nothing and land later as if it were new, so a refusal or no signal is said on the spot.
 */
export function useChangeAlarm(alarmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, key }: { change: AlarmChange; key: string }) =>
      post<Alarm>(`/api/alarms/${alarmId}/${change.kind}`, change.kind === 'shelve' ? change.body : undefined, key),
    onSuccess: (alarm) => showChanged(queryClient, alarm),
    // Refused (another operator acknowledged it first, it was shelved meanwhile): the list shows how it stands now.
    onError: () => showChanged(queryClient, null),
  });
}

/** A tap's write: a fresh key per tap (see `post`). */
export const changeOf = (change: AlarmChange) => ({ change, key: newActionKey() });

/**
 * A work order for the alarm's valve, in one tap (the server titles it from the alarm and links the two). The
 * work order lists and the valve load again as after any new order.
 */
export function useAlarmWorkOrder(alarmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => post<AlarmWorkOrder>(`/api/alarms/${alarmId}/work-order`, {}, key),
    onSuccess: (reply) => {
      void refreshWorkData(queryClient);
      return showChanged(queryClient, reply.alarm);
    },
    onError: () => showChanged(queryClient, null),
  });
}
