import type { FastifyBaseLogger } from 'fastify';
import type { ListenOn } from '../../db/notifications';
import { errorSummary, type JobQueue } from '../../jobs';
import { WEBHOOK_DELIVERY_JOB } from './deliver';

/** Notices within this long are one delivery run: a busy plant writes events every second. */
export const NOTICE_GATHER_MS = 1_000;

/**
 * Deliveries soon after an event is written: the outbox's notice (migration 0037, on commit) queues the delivery
 * job at once, and a worker takes it within the queue's polling (10 s) instead of the job's next minute. The
 * minute stays, for a notice lost while the connection was down. Resolves to the function that stops listening.
 */
export function watchWebhookEvents(
  listen: ListenOn,
  queue: Pick<JobQueue, 'send'>,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<() => Promise<void>> {
  let gathering: NodeJS.Timeout | null = null;
  return listen('webhook_event', {
    message: () => {
      if (gathering) return;
      gathering = setTimeout(() => {
        gathering = null;
        queue
          .send(WEBHOOK_DELIVERY_JOB)
          .catch((error) => log.error({ error: errorSummary(error) }, 'webhook delivery not queued'));
      }, NOTICE_GATHER_MS);
      gathering.unref();
    },
    listening: () => {},
  });
}
