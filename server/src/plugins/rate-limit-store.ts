import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema';
import type { Job } from '../jobs';

type Counted = { current: number; ttl: number };

/**
 * @fastify/rate-limit's counts in the database every server process shares (decisions/117): its own store is a map
 * in each process, so behind a balancer with three servers a client had three times the sign-in attempts. One
 * statement counts the attempt and says how long the window has left, on the database's clock, so the servers'
 * clocks need not agree. The local Redis would answer faster, but it is one more service to run, keep and fail
 * over for two routes that are rate-limited because they are rare.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow?: number): void {
      count(db, `${this.prefix}${key}`, timeWindow ?? 60_000).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    /**
     * A route's own counts: the same client's sign-ins and sign-ups are counted apart, as the plugin's stores do. The
     * plugin hands the route's merged limits with the route under `routeInfo`, not the route its types declare.
     */
    child(routeLimits: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeLimits as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseStore({}, `${String(route?.method ?? '')} ${String(route?.url ?? '')} `);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/** One more attempt under `key`: a window that ended starts again at one. */
async function count(db: Database, key: string, windowMs: number): Promise<Counted> {
  const ends = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const ended = sql`${rateLimitHits.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${rateLimitHits.windowEndsAt} end`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.windowEndsAt} - now()) * 1000))::float8`,
    });
  return { current: row.hits, ttl: row.ttl };
}

/** Windows that ended are forgotten hourly; a client seen again starts a new one either way. */
export const rateLimitPurgeJob: Job = {
  name: 'rate-limit-purge',
  cron: '40 * * * *',
  run: async (db) => {
    await db.delete(rateLimitHits).where(lt(rateLimitHits.windowEndsAt, sql`now()`));
  },
};
