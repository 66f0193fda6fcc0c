import { apiSend, type SendMethod } from '../http';
import type { OfflinePhoto } from './offline-db';
import { isUnreachable } from './read-cache';
import { enqueueWrite } from './write-queue';

/** The reply to a write kept for later (spec §7). */
export type Queued = { success: true; queued: true };

export const isQueued = (reply: unknown): reply is Queued =>
  typeof reply === 'object' && reply !== null && (reply as Queued).queued === true;

/**
 * The generic write of spec §7: sent now when the server can be reached; when the device is offline (or the
 * request cannot get through) it is queued with its Idempotency-Key and answered `{ success: true, queued: true }`.
 * A photo upload passes its file as `photo`, so the queue can keep it in the photos store. `queuedBody` is what to keep
 * instead of `body` when the write must wait (a signed completion keeps the device's signature, never the password);
 * when it throws, nothing is queued and the write fails with its error.
 */
export async function sendOrQueue<T>(
  method: SendMethod,
  url: string,
  body: unknown,
  options: { idempotencyKey: string; photo?: Omit<OfflinePhoto, 'timestamp'>; queuedBody?: () => Promise<unknown> },
): Promise<T | Queued> {
  const queue = async (): Promise<Queued> => {
    const kept = options.photo ? undefined : options.queuedBody ? await options.queuedBody() : body;
    await enqueueWrite({ url, method, body: kept, idempotencyKey: options.idempotencyKey }, options.photo);
    return { success: true, queued: true };
  };
  if (!navigator.onLine) return queue();
  try {
    return (await apiSend<T>(method, url, body, { idempotencyKey: options.idempotencyKey })) as T;
  } catch (error) {
    if (isUnreachable(error)) return queue();
    throw error;
  }
}
