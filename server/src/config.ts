import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** The sender of the app's mails when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'ValveOps <no-reply@localhost>';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * `true` would take the left-most X-Forwarded-For entry as the client, which the client itself writes: the
 * sign-in limit per address would be bypassed by a varying header, so it is refused; a hop count too, which
 * Fastify 5 does not honour (it cannot tell the proxy from a client), so the proxy is named (docs/operations.md).
 */
const trustProxy = z.string().transform((value, context): false | string[] => {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return false;
  const addresses = v.split(',').map((a) => a.trim());
  if (addresses.some((a) => !/^([0-9a-fA-F.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/.test(a))) {
    context.addIssue({
      code: 'custom',
      message:
        v === 'true' || v === 'yes'
          ? 'true would trust any X-Forwarded-For a client writes; give the proxy addresses (127.0.0.1, 10.0.0.0/8)'
          : 'must be the proxy addresses or CIDRs, comma-separated (127.0.0.1, 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  return addresses;
});

/** A PostgreSQL connection URL, when given. */
const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
  .optional();

const environment = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * Where uploaded files are kept: `directory` (DATA_DIR/uploads; a shared mount for several machines) or
     * `database` (the stored_files table every server reaches; docs/decisions/116-stored-files.md).
     */
    FILE_STORE: z.enum(['directory', 'database'], { error: 'must be directory or database' }).default('directory'),
    DATABASE_URL: postgresUrl,
    /**
     * PostgreSQL: the role that owns the tables and runs the migrations; DATABASE_URL's role then owns nothing and
     * cannot rewrite the history (docs/operations.md, "Two roles"). Unset: DATABASE_URL's role does both.
     */
    DATABASE_OWNER_URL: postgresUrl,
    /**
     * PostgreSQL: a streaming read replica of DATABASE_URL. Reads that may be a second stale (analytics, reports,
     * exports, lists) go there while it keeps up (plugins/read-replica.ts, decisions/118).
     */
    READ_DATABASE_URL: postgresUrl,
    /** The replica is read while it is behind the primary by at most this much; past it, reads go to the primary. */
    READ_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
    /** Connections the server keeps to PostgreSQL; unset means twice the CPU cores this process sees (at least 4). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
    /**
     * PGlite only: API requests that may wait for the one in-process database, a memory bound; past it, 503 (0: no
     * queue). Before it, a request is refused only when its wait would pass PGLITE_QUEUE_WAIT_MS.
     */
    PGLITE_QUEUE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(1_000),
    /** PGlite only: the longest a request waits in that queue before it is answered 503, in milliseconds. */
    PGLITE_QUEUE_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    DEMO: flag.default(true),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Another Stripe API address, e.g. stripe-mock at http://127.0.0.1:12111; unset means Stripe itself. */
    STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    MQTT_URL: z.string().optional(),
    /** Raw readings are kept this many days (the spec's sensors look back 30); the rollups outlive them. */
    READINGS_RETENTION_DAYS: z.coerce.number().int().min(31).max(36_500).default(35),
    /** Per-minute rollups are kept this many days; the per-hour ones for good. */
    MINUTE_ROLLUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
    METRICS_TOKEN: z.string().optional(),
    /**
     * Let webhooks target loopback and private addresses (127/8, 10/8, 192.168/16, ::1, ...): refused by default, so
     * a webhook cannot reach the server's own network (docs/decisions/108-webhooks-outbox.md). Tests set it.
     */
    WEBHOOKS_ALLOW_PRIVATE: flag.default(false),
    /** The mail server (smtp://user:pass@host:587, smtps://…:465); unset: mails are written to the log instead. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    /** The sender of the app's mails. */
    MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
    /**
     * The address people open the app at (https://valves.example.com), for links in mails. Never taken from a
     * request's Host header, which whoever asks for the mail writes.
     */
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** The last `npm run bench` report, shown on /performance when present. */
    BENCH_REPORT: z.string().default('./bench/results/latest.json'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Behind a reverse proxy: its addresses or CIDRs (127.0.0.1, 10.1.0.0/16; loopback, uniquelocal).
     * Their X-Forwarded-* headers give the client address for rate limits and https for cookies.
     */
    TRUST_PROXY: trustProxy.default(false),
    /** Where the built client lives; the server serves it when present. */
    CLIENT_DIST: z.string().default('./dist/client'),
    /** `development` (npm run dev) or `test`: replies the database built are checked against their schema. */
    NODE_ENV: z.string().optional(),
  })
  // A mailed link must lead to this site: with mail on, its address is given, not guessed.
  .refine((e) => !e.SMTP_URL || e.PUBLIC_URL, {
    path: ['PUBLIC_URL'],
    error: 'is needed with SMTP_URL: the links in mails point to it',
  })
  .refine((e) => !e.READ_DATABASE_URL || e.DATABASE_URL, {
    path: ['READ_DATABASE_URL'],
    error: 'is a replica of DATABASE_URL: set DATABASE_URL too (PGlite has no replicas)',
  })
  // Stripe needs all three: the secret key charges, the publishable key runs the card form, the webhook records.
  .refine((e) => !e.STRIPE_SECRET_KEY || (e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET), {
    path: ['STRIPE_SECRET_KEY'],
    error: 'needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET as well (unset all three for the sandbox)',
  });

/** The bounded queue in front of PGlite (plugins/database-queue.ts, decisions/031). */
export type DatabaseQueueSettings = {
  /** API requests at work at once; the rest wait their turn in arrival order. */
  concurrency: number;
  /** Requests that may wait (a memory bound); one more is answered 503 at once. */
  limit: number;
  /** A request that waited this long, or would by the time places are held, is answered 503 instead of served late. */
  waitMs: number;
};

/** PGlite runs one statement at a time on this thread: more requests at once only interleave, each finishing later. */
export const PGLITE_CONCURRENCY = 4;

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  /** FILE_STORE: uploads in `uploadsDir` or in the database (lib/stored-files.ts). */
  fileStore: 'directory' | 'database';
  databaseUrl: string | undefined;
  /** The owner's URL when the server runs as a role that owns nothing (DATABASE_OWNER_URL). */
  databaseOwnerUrl: string | undefined;
  databasePoolSize: number;
  /** The read replica and how far behind it may be read (READ_DATABASE_URL), or null. */
  readReplica: { url: string; maxLagMs: number } | null;
  /** PGlite's request queue; null on PostgreSQL (its pool queues) or when PGLITE_QUEUE_LIMIT is 0. */
  databaseQueue: DatabaseQueueSettings | null;
  demo: boolean;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  mqttUrl: string | undefined;
  /** Days raw readings and per-minute rollups are kept (docs/analytics.md § Storage and ingestion). */
  retention: { rawDays: number; minuteDays: number };
  metricsToken: string | undefined;
  /** WEBHOOKS_ALLOW_PRIVATE: webhooks may target loopback and private addresses. */
  webhooksAllowPrivate: boolean;
  /** Mail out (lib/mail.ts) and the site's address for the links in it. */
  mail: { smtpUrl?: string; from: string; publicUrl: string };
  benchReport: string;
  logLevel: string;
  clientDist: string;
  /** false, or the addresses of the proxies in front (Fastify's trustProxy). */
  trustProxy: false | string[];
  /** Check JSON text replies against the route's response schema (plugins/json-replies.ts); never in production. */
  checkReplies: boolean;
};

/**
 * PostgreSQL serves a pool best with a few connections per core (its wiki: cores × 2 plus spindles): measured on 2
 * cores, GET /api/valves/:id under 50 connections ran about 15% faster on a pool of 4 than of 20, the backends no
 * longer taking turns on the same cores. A replica on a bigger host gets more.
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * os.availableParallelism());
}

/** Every environment variable the server reads, parsed and checked once at start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    fileStore: e.FILE_STORE,
    databaseUrl: e.DATABASE_URL || undefined,
    databaseOwnerUrl: (e.DATABASE_URL && e.DATABASE_OWNER_URL) || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(),
    readReplica: e.READ_DATABASE_URL ? { url: e.READ_DATABASE_URL, maxLagMs: e.READ_REPLICA_MAX_LAG_MS } : null,
    databaseQueue:
      e.DATABASE_URL || e.PGLITE_QUEUE_LIMIT === 0
        ? null
        : { concurrency: PGLITE_CONCURRENCY, limit: e.PGLITE_QUEUE_LIMIT, waitMs: e.PGLITE_QUEUE_WAIT_MS },
    demo: e.DEMO,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    mqttUrl: e.MQTT_URL,
    retention: { rawDays: e.READINGS_RETENTION_DAYS, minuteDays: e.MINUTE_ROLLUP_RETENTION_DAYS },
    metricsToken: e.METRICS_TOKEN || undefined,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    mail: {
      smtpUrl: e.SMTP_URL || undefined,
      from: e.MAIL_FROM,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    },
    benchReport: path.resolve(e.BENCH_REPORT),
    logLevel: e.LOG_LEVEL,
    clientDist: path.resolve(e.CLIENT_DIST),
    trustProxy: e.TRUST_PROXY,
    checkReplies: e.NODE_ENV === 'development' || e.NODE_ENV === 'test',
  };
}
