import pg from 'pg';

/** What a listener hears: each NOTIFY payload, and whether it is hearing at all (false: messages may be lost). */
export type NotificationHandlers = {
  message: (payload: string) => void;
  listening: (on: boolean) => void;
};

/** Starts listening on a channel; resolves, once listening, to the function that stops it. */
export type ListenOn = (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;

/**
 * A database's notices: listening on a channel (ListenOn), and `heard`, which resolves once
 * every notice of a transaction committed before the call has reached its handlers, on every channel listened to:
 * a server awaits it before answering a write, so its own next read never meets what the write changed still kept
 * (plugins/own-writes.ts).
 */
export type Listen = ListenOn & { heard: () => Promise<void> };

/**
 * A round trip on a listening connection, shared by whoever asks while none has started: every caller waits for
 * one that starts after it asked. Callers arriving while one runs share the next.
 */
export function sharedRoundTrips(roundTrip: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let next: Promise<void> | null = null;
  return () => {
    if (next) return next;
    const trip = running.then(() => {
      next = null;
      return roundTrip();
    });
    next = trip.then(() => {});
    running = trip.catch(() => {});
    return next;
  };
}

const RETRY_FIRST_MS = 1_000;
/** A listening connection silent this long is taken as lost: nothing is kept until it is made again. */
const HEARD_TIMEOUT_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one goes back to the pool between queries). When it drops (a
 * restart, a failover) the handlers hear `listening(false)` at once and the connection is made again, with
 * backoff, until it holds; then `listening(true)`.
 *
 * `heard` sends a statement on each listening connection: PostgreSQL signals the listeners as a transaction
 * commits, and a listening backend sends the notices it was signalled before it reads its next statement
 * (ProcessClientReadInterrupt, src/backend/tcop/postgres.c), so their handlers have run when the answer comes.
 */
export function listenOnPostgres(connectionString: string, onError: (error: Error) => void): Listen {
  /** Each listening connection, and its shared round trip. */
  const listening = new Map<pg.Client, () => Promise<void>>();
  const heard = async (): Promise<void> => {
    await Promise.all([...listening.values()].map((roundTrip) => roundTrip()));
  };
  const listen = async (channel: string, handlers: NotificationHandlers) => {
    let stopped = false;
    let client: pg.Client | null = null;
    let retryMs = RETRY_FIRST_MS;
    let timer: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString, query_timeout: HEARD_TIMEOUT_MS });
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
      listening.set(next, heardOn(next));
      handlers.listening(true);
    };

    // A statement that fails or hangs leaves the connection in doubt: it is dropped, and nothing is kept meanwhile.
    const heardOn = (which: pg.Client) => sharedRoundTrips(() => which.query('select 1').catch(() => lost(which)));

    const lost = (which: pg.Client) => {
      listening.delete(which);
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
      if (last) listening.delete(last);
      handlers.listening(false);
      await last?.end();
    };
  };
  return Object.assign(listen, { heard });
}
