import type { ClearEmergencyBody, Emergency, RaiseEmergencyBody } from '@common/schemas/emergencies';
import { newActionKey } from '@/lib/action-key';
import { apiSend } from '@/lib/http';

/** Online only: an emergency queued on a phone without signal would tell nobody. */
export const raiseEmergency = (body: RaiseEmergencyBody) =>
  apiSend<Emergency>('POST', '/api/emergencies', body, { idempotencyKey: newActionKey() });

export const clearEmergency = (id: number, body: ClearEmergencyBody) =>
  apiSend<Emergency>('POST', `/api/emergencies/${id}/clear`, body, { idempotencyKey: newActionKey() });
