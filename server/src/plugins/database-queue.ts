import type { SessionUser } from '@common/schemas/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseQueueSettings } from '../config';
import type { Scope } from '../lib/scope';
import { DATABASE_BUSY, HttpError } from './errors';
import { rememberedUser, scopeOf } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether this read's answer is in the process's memory for the scope (lib/kept-reads.ts): it then takes no place
     * in the queue, since it will not touch the database (issue 31: a burst must never refuse what memory answers).
     */
    answeredFromMemory?: (request: FastifyRequest, scope: Scope, user: SessionUser) => boolean;
  }
}

/** A read whose session and answer this process holds: the database is not asked, so it does not queue. */
function fromMemory(request: FastifyRequest): boolean {
  const peek = request.routeOptions.config.answeredFromMemory;
  if (!peek || request.method !== 'GET') return false;
  const user = rememberedUser(request);
  return user !== null && peek(request, scopeOf(user), user);
}

type Waiter = { since: number; admit: () => void; refuse: () => void };

/**
 * A bounded queue in front of the one in-process database (PGlite; decisions/031). Under a burst (a shift's phones
 * all opening the app) requests would otherwise all start, interleave their statements on PGlite's single
 * connection and finish together, late: the tail grew to 27 s. Here a few work at once, the next wait in order, and
 * a request is answered 503 with Retry-After (which the client retries) only when its wait would pass the longest
 * wait (judged from how long places are held), when it did, or past the limit of waiting requests, a memory bound.
 * Only /api requests take a place: static files and health checks never touch the database, and neither does a read
 * whose session and answer are in memory (`answeredFromMemory`). Such a read whose kept answer lapses between this
 * look and its handler asks the database once without a place.
 */
export const databaseQueuePlugin = fp(async (app: FastifyInstance, settings: DatabaseQueueSettings) => {
  let working = 0;
  const waiting: Waiter[] = [];
  const waiters = new WeakMap<FastifyRequest, Waiter>();
  /** Each request holding a place, with the moment it took it. */
  const holding = new WeakMap<FastifyRequest, number>();
  /**
   * How long a place is held, on average (an exponentially weighted mean of the last few dozen): the newcomer behind
   * `waiting` others waits about (waiting + 1) / concurrency of it. Until the first release, a guess of 10 ms.
   */
  let meanHoldMs = 10;
  const wouldWaitTooLong = () => ((waiting.length + 1) / settings.concurrency) * meanHoldMs > settings.waitMs;

  /** A freed place goes to the longest waiting request, unless it waited too long (PGlite's work runs in
   * microtasks, so its timer may not have fired yet). */
  const handOver = () => {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      if (Date.now() - next.since <= settings.waitMs) return next.admit();
      next.refuse();
    }
    working--;
  };

  const release = async (request: FastifyRequest) => {
    waiters.get(request)?.refuse();
    const since = holding.get(request);
    if (since === undefined) return;
    holding.delete(request);
    meanHoldMs += (Date.now() - since - meanHoldMs) / 32;
    // On the next turn of the event loop, not in this microtask chain: PGlite's work runs in microtasks, so a place
    // handed over at once would run the next request before this answer is even written to its socket.
    setImmediate(handOver);
  };

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || fromMemory(request)) return;
    if (working < settings.concurrency) {
      working++;
      holding.set(request, Date.now());
      return;
    }
    if (waiting.length >= settings.limit || wouldWaitTooLong()) throw new HttpError(503, DATABASE_BUSY);
    await new Promise<void>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        waiters.delete(request);
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
      };
      const waiter: Waiter = {
        since: Date.now(),
        admit: () => {
          leave();
          holding.set(request, Date.now());
          resolve();
        },
        refuse: () => {
          leave();
          reject(new HttpError(503, DATABASE_BUSY));
        },
      };
      const timer = setTimeout(waiter.refuse, settings.waitMs);
      waiters.set(request, waiter);
      waiting.push(waiter);
    });
  });
  // The database work is over once the answer is made: its sending (a slow phone) holds no place.
  app.addHook('onSend', async (request, _reply, payload) => {
    await release(request);
    return payload;
  });
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
});
