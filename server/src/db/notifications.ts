import pg from 'pg';

/** What a listener hears: each NOTIFY payload, and whether it is hearing at all (false: messages may be lost). */
export type NotificationHandlers = {
  message: (payload: string) => void;
  listening: (on: boolean) => void;
};

/** Starts listening on a channel; resolves, once listening, to the function that stops it. */
export type Listen = (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one goes back to the pool between queries). When it drops (a
 * restart, a failover) the handlers hear `listening(false)` at once and the connection is made again, with
 * backoff, until it holds; then `listening(true)`.
 */
export function listenOnPostgres(connectionString: string, onError: (error: Error) => void): Listen {
  return async (channel, handlers) => {
    let stopped = false;
    let client: pg.Client | null = null;
    let retryMs = RETRY_FIRST_MS;
    let timer: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (notification) => {
        if (notification.channel === channel) handlers.message(notification.payload ?? '');
      });
      next.on('error', (error) => {
        onError(error);
        lost(next);
      });
      next.on('end', () => lost(next));
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        // A half-made connection (connected, LISTEN refused) would otherwise stay open beside the next attempt.
        await next.end().catch(() => {});
        throw error;
      }
      client = next;
      retryMs = RETRY_FIRST_MS;
      handlers.listening(true);
    };

    const lost = (which: pg.Client) => {
      if (client !== which) return;
      client = null;
      handlers.listening(false);
      which.end().catch(() => {});
      if (!stopped) retry();
    };

    const retry = () => {
      timer = setTimeout(() => {
        connect().catch((error: Error) => {
          onError(error);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          if (!stopped) retry();
        });
      }, retryMs);
      timer.unref();
    };

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      const last = client;
      client = null;
      handlers.listening(false);
      await last?.end();
    };
  };
}
