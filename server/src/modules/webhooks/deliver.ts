import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@common/schemas/webhooks';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { webhookDeliveries } from '../../db/schema';
import type { Job } from '../../jobs';
import { guardedLookup, isPrivateAddress } from './address';

/** The wait after each failed attempt (the last repeats) until 24 hours have passed since the first: then failed. */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 3600, 3 * 3600, 6 * 3600];
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** A receiver has this long to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A claimed attempt whose sender died is taken again after this (longer than any attempt can last). */
const CLAIM_SECONDS = 60;
/** Deliveries sent at once by one run; a run takes batches until none is due. */
const BATCH = 20;
const SNIPPET_CHARS = 500;
/** Events and their deliveries are kept this long after they were made, then purged with them (none pending). */
export const KEPT_DAYS = 30;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs its webhooks (decisions/108). */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

type Answer = { status: number; snippet: string };

/**
 * One POST, with the connection's address checked (unless private targets are allowed), no redirect followed (a
 * 3xx is a failure: following it could lead anywhere), and the whole exchange bounded by the timeout.
 */
function post(url: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<Answer> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (isIP(host) ? isPrivateAddress(host) : host === 'localhost' || host.endsWith('.localhost'))) {
    return Promise.reject(new Error(`${host} is a private address`));
  }
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        ...(allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        let snippet = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (snippet.length < SNIPPET_CHARS) snippet += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, snippet: snippet.slice(0, SNIPPET_CHARS) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

type Claimed = {
  id: number;
  attempts: number;
  retryingSince: Date | string;
  url: string;
  secret: string;
  eventId: string;
  type: string;
  data: unknown;
  createdAt: Date | string;
};

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/**
 * Turns waiting outbox events into one delivery per webhook that wants them. Each event is taken by one run
 * (FOR UPDATE SKIP LOCKED: servers running at once take different rows) and marked, in the same statement.
 */
async function dispatch(db: Database, now: Date): Promise<number> {
  const made = await rowsOf<{ id: number }>(
    db,
    sql`with picked as (
          select id from webhook_events where dispatched_at is null order by id limit 1000 for update skip locked
        ), marked as (
          update webhook_events e set dispatched_at = ${at(now)} from picked where e.id = picked.id
          returning e.id, e.organization_id, e.type
        )
        insert into webhook_deliveries (organization_id, webhook_id, event_id, next_attempt_at, retrying_since)
        select m.organization_id, w.id, m.id, ${at(now)}, ${at(now)}
          from marked m
          join webhooks w on w.organization_id = m.organization_id and w.deleted_at is null and m.type = any (w.events)
        on conflict do nothing
        returning id`,
  );
  return made.length;
}

/**
 * Claims due deliveries for one attempt each: the UPDATE counts the attempt and moves the due time past the claim,
 * so no other run sends the same attempt (a sender that dies leaves it to be taken again after CLAIM_SECONDS).
 */
async function claim(db: Database, now: Date, limit: number): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    db,
    sql`with claimed as (
          update webhook_deliveries d
             set attempts = d.attempts + 1, last_attempt_at = ${at(now)},
                 next_attempt_at = ${at(now)} + make_interval(secs => ${CLAIM_SECONDS})
           where d.id in (
             select dd.id from webhook_deliveries dd
               join webhooks w on w.id = dd.webhook_id and w.deleted_at is null
              where dd.status = 'pending' and dd.next_attempt_at <= ${at(now)}
              order by dd.next_attempt_at, dd.id
              limit ${limit}
              for update of dd skip locked)
          returning d.id, d.webhook_id, d.event_id, d.attempts, d.retrying_since
        )
        select c.id, c.attempts, c.retrying_since as "retryingSince", w.url, w.signing_secret as secret,
               e.event_id::text as "eventId", e.type, e.data, e.created_at as "createdAt"
          from claimed c
          join webhooks w on w.id = c.webhook_id
          join webhook_events e on e.id = c.event_id
         order by c.id`,
  );
}

/** Sends one claimed attempt and records how it went: delivered, due again after the backoff, or failed for good. */
async function attempt(
  db: Database,
  delivery: Claimed,
  now: Date,
  allowPrivate: boolean,
): Promise<'delivered' | 'retrying' | 'failed'> {
  const body = JSON.stringify({
    id: delivery.eventId,
    type: delivery.type,
    createdAt: new Date(delivery.createdAt).toISOString(),
    data: delivery.data,
  });
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'ValveOps-Webhooks/1',
    [WEBHOOK_EVENT_ID_HEADER]: delivery.eventId,
    [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(delivery.secret, Math.floor(now.getTime() / 1000), body),
  };
  let answer: Answer | null = null;
  let error: string | null = null;
  try {
    answer = await post(delivery.url, body, headers, allowPrivate);
    if (answer.status < 200 || answer.status > 299) error = `The receiver answered ${answer.status}.`;
  } catch (failure) {
    const { name, message } = failure as Error;
    error = name === 'TimeoutError' || name === 'AbortError' ? 'No answer within 10 seconds.' : message;
  }
  // Recorded only for the attempt claimed: a "Send again" in between has started a new one.
  const same = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts));
  const answered = { responseStatus: answer?.status ?? null, responseSnippet: answer?.snippet ?? null, error };
  if (!error) {
    await db
      .update(webhookDeliveries)
      .set({ ...answered, status: 'delivered', deliveredAt: now, nextAttemptAt: null })
      .where(same);
    return 'delivered';
  }
  const delay = RETRY_DELAYS_SECONDS[Math.min(delivery.attempts, RETRY_DELAYS_SECONDS.length) - 1];
  const next = new Date(now.getTime() + delay * 1000);
  const givenUp = next.getTime() > new Date(delivery.retryingSince).getTime() + RETRY_WINDOW_MS;
  await db
    .update(webhookDeliveries)
    .set({ ...answered, status: givenUp ? 'failed' : 'pending', nextAttemptAt: givenUp ? null : next })
    .where(same);
  return givenUp ? 'failed' : 'retrying';
}

export type DeliveryRun = { dispatched: number; delivered: number; retrying: number; failed: number };

/** Forgets events older than KEPT_DAYS whose deliveries are all settled (the deliveries go with them). */
export async function purgeWebhookEvents(db: Database, now: Date): Promise<number> {
  const purged = await rowsOf<{ id: number }>(
    db,
    sql`delete from webhook_events e
         where e.created_at < ${at(now)} - make_interval(days => ${KEPT_DAYS})
           and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')
        returning e.id`,
  );
  return purged.length;
}

/**
 * One run of the delivery job: new outbox events become deliveries, then every due delivery is attempted. `now` is
 * the clock (tests move it instead of waiting for the backoff).
 */
export async function deliverWebhooks(
  db: Database,
  options: { allowPrivate: boolean; now?: () => Date },
): Promise<DeliveryRun> {
  const clock = options.now ?? (() => new Date());
  const run: DeliveryRun = { dispatched: await dispatch(db, clock()), delivered: 0, retrying: 0, failed: 0 };
  for (;;) {
    const now = clock();
    const claimed = await claim(db, now, BATCH);
    if (!claimed.length) return run;
    const outcomes = await Promise.all(claimed.map((delivery) => attempt(db, delivery, now, options.allowPrivate)));
    for (const outcome of outcomes) run[outcome]++;
  }
}

/** The delivery job's queue. */
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

/** Every minute, on one server at a time (the queue is stately): the outbox emptied and due attempts made. */
export const webhookDeliveryJob = (allowPrivate: boolean): Job => ({
  name: WEBHOOK_DELIVERY_JOB,
  cron: '* * * * *',
  runAtStart: true,
  retryLimit: 2,
  expireInSeconds: 10 * 60,
  run: async (db) => ({
    ...(await deliverWebhooks(db, { allowPrivate })),
    purged: await purgeWebhookEvents(db, new Date()),
  }),
});
