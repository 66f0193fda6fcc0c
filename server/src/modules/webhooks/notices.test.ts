import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationHandlers } from '../../db/notifications';
import { WEBHOOK_DELIVERY_JOB } from './deliver';
import { NOTICE_GATHER_MS, watchWebhookEvents } from './notices';

describe('webhook event notices', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('queue one delivery run for the notices of a second, and another for later ones', async () => {
    let heard: NotificationHandlers | null = null;
    const stop = vi.fn(async () => {});
    const sent: string[] = [];
    const unlisten = await watchWebhookEvents(
      async (channel, handlers) => {
        expect(channel).toBe('webhook_event');
        heard = handlers;
        return stop;
      },
      {
        send: async (name) => {
          sent.push(name);
          return 'job';
        },
      },
      { error: () => {} },
    );
    const notice = (organization: string) => heard?.message(organization);
    for (const organization of ['1', '1', '2', '1']) notice(organization);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(NOTICE_GATHER_MS);
    expect(sent).toEqual([WEBHOOK_DELIVERY_JOB]);
    notice('1');
    await vi.advanceTimersByTimeAsync(NOTICE_GATHER_MS);
    expect(sent).toEqual([WEBHOOK_DELIVERY_JOB, WEBHOOK_DELIVERY_JOB]);
    await unlisten();
    expect(stop).toHaveBeenCalledOnce();
  });

  it('log a run that could not be queued, and keep listening', async () => {
    let heard: NotificationHandlers | null = null;
    const errors: unknown[] = [];
    await watchWebhookEvents(
      async (_channel, handlers) => {
        heard = handlers;
        return async () => {};
      },
      { send: async () => Promise.reject(new Error('queue stopped')) },
      { error: (details: unknown) => errors.push(details) },
    );
    (heard as NotificationHandlers | null)?.message('1');
    await vi.advanceTimersByTimeAsync(NOTICE_GATHER_MS);
    expect(errors).toEqual([{ error: { message: 'queue stopped' } }]);
  });
});
