import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createdWebhook, webhook, webhookDelivery } from '@common/schemas/webhooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import {
  anomalyEpisodes,
  auditLog,
  maintenancePlanOccurrences,
  reliefTests,
  valves,
  webhookDeliveries,
  webhookEvents,
  webhooks,
  workOrders,
} from '../../db/schema';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';
import { guardedLookup, isPrivateAddress } from './address';
import { deliverWebhooks, KEPT_DAYS, purgeWebhookEvents, RETRY_DELAYS_SECONDS } from './deliver';

/** A receiver in the test: answers each request with the next of `answers` (then 200), and keeps what came. */
type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let answers: number[] = [];
let receiver: Server;
let receiverUrl: string;

let fault: 'answered' | null = null;
let t: TestContext;
let valveId: number;
beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answers.shift() ?? 200;
      response.end(response.statusCode === 200 ? 'thanks' : 'not now');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  t = await createTestApp({
    valves: 6,
    webhooksAllowPrivate: true,
    writeFaults: {
      at: (stage) => {
        if (fault === stage) throw new Error(`injected failure at ${stage}`);
      },
    },
  });
  const [valve] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.organizationId, 1)).limit(1);
  valveId = valve.id;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answers = [];
});

type Method = 'GET' | 'POST' | 'DELETE';
const as = async (method: Method, url: string, payload?: unknown, persona: Persona = 'admin') =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: await t.cookie(persona) } });

async function makeWebhook(body: object, persona: Persona = 'admin') {
  const res = await as('POST', '/api/webhooks', body, persona);
  expect(res.statusCode, res.body).toBe(201);
  return createdWebhook.strict().parse(res.json());
}

/** Every webhook deleted and the outbox emptied, so each test counts only its own events and deliveries. */
async function noWebhooks() {
  await t.db.update(webhooks).set({ deletedAt: new Date() });
  await t.db.delete(webhookEvents);
}

/** What a receiver does (docs/api.md): the HMAC of "<t>.<raw body>" with the secret, compared in constant time. */
function verifies(secret: string, header: string, body: string) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1 ?? ''));
}

const createWorkOrder = async (title: string) => {
  const res = await as('POST', '/api/work-orders', { valveId, title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; workOrderId: string };
};

describe('POST /api/webhooks', () => {
  it('makes a webhook whose secret is answered once, and lists it without the secret', async () => {
    const made = await makeWebhook({
      url: 'https://hooks.example.com/valveops',
      events: ['work_order.created', 'anomaly.opened', 'work_order.created'],
      description: 'CMMS bridge',
    });
    expect(made).toEqual({
      id: expect.any(Number),
      url: 'https://hooks.example.com/valveops',
      events: ['work_order.created', 'anomaly.opened'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const list = await as('GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret);
    expect(webhook.strict().array().parse(list.json())).toContainEqual({
      id: made.id,
      url: made.url,
      events: made.events,
      description: 'CMMS bridge',
      createdAt: expect.any(String),
    });
    // The audit trail says it was made, without the secret.
    const trail = await t.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'webhooks'), eq(auditLog.rowId, String(made.id))));
    expect(trail.map((row) => row.action)).toEqual(['insert']);
    expect(JSON.stringify(trail)).not.toContain(made.secret);
  });

  it.each([
    [{ url: 'not a url', events: ['work_order.created'] }, 'url'],
    [{ url: 'ftp://files.example.com/x', events: ['work_order.created'] }, 'url'],
    [{ url: 'https://hooks.example.com', events: ['valve.exploded'] }, 'events.0'],
    [{ url: 'https://hooks.example.com', events: [] }, 'events'],
    [{ url: 'https://hooks.example.com' }, 'events'],
  ])('refuses bad input %j with 400 naming the field', async (body, path) => {
    const res = await as('POST', '/api/webhooks', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it.each([
    'http://127.0.0.1:8080/x',
    'http://localhost/x',
    'http://app.localhost/x',
    'http://10.1.2.3/x',
    'http://172.20.0.1/x',
    'http://192.168.1.10/x',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/x',
    'http://[fd00::1]/x',
    'http://[fe80::1]/x',
    'http://[::ffff:127.0.0.1]/x',
    'http://0.0.0.0/x',
  ])('refuses the private target %s (400) without WEBHOOKS_ALLOW_PRIVATE', async (url) => {
    // The same server without WEBHOOKS_ALLOW_PRIVATE (the route reads the app's config on each request).
    t.app.config.webhooksAllowPrivate = false;
    try {
      const res = await as('POST', '/api/webhooks', { url, events: ['work_order.created'] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'url', message: expect.stringMatching(/^must not be a loopback/) }]);
    } finally {
      t.app.config.webhooksAllowPrivate = true;
    }
  });

  it('tells private addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '100.64.0.1',
      '100.127.255.254',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.1.1',
      '::1',
      'fc00::1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of [
      '8.8.8.8',
      '100.63.255.255',
      '100.128.0.1',
      '172.32.0.1',
      '192.169.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses, on the connection itself, a name that resolves to a private address (DNS rebinding)', async () => {
    const looked = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup('localhost', {}, (error) => resolve(error)),
    );
    expect(looked?.code).toBe('EPRIVATE');
  });

  it('is the admin’s only', async () => {
    const body = { url: 'https://hooks.example.com', events: ['work_order.created'] };
    expect((await as('POST', '/api/webhooks', body, 'technician')).statusCode).toBe(403);
    expect((await as('GET', '/api/webhooks', undefined, 'technician')).statusCode).toBe(403);
    expect((await as('GET', '/api/webhooks', undefined, 'supervisor')).statusCode).toBe(403);
  });
});

describe('DELETE /api/webhooks/:id', () => {
  it('deletes: gone from the list; 404 for an unknown, deleted or foreign one', async () => {
    const made = await makeWebhook({ url: 'https://hooks.example.com/a', events: ['work_order.completed'] });
    expect((await as('DELETE', `/api/webhooks/${made.id}`)).statusCode).toBe(204);
    const list = (await as('GET', '/api/webhooks')).json() as { id: number }[];
    expect(list.map((w) => w.id)).not.toContain(made.id);
    expect((await as('DELETE', `/api/webhooks/${made.id}`)).json()).toEqual({ message: 'Webhook not found' });
    expect((await as('DELETE', '/api/webhooks/999999')).statusCode).toBe(404);
    expect((await as('DELETE', '/api/webhooks/abc')).statusCode).toBe(400);
    const theirs = await makeWebhook(
      { url: 'https://hooks.example.com/b', events: ['work_order.created'] },
      'otherOrganization',
    );
    expect((await as('DELETE', `/api/webhooks/${theirs.id}`)).statusCode).toBe(404);
    expect((await as('GET', `/api/webhooks/${theirs.id}/deliveries`)).statusCode).toBe(404);
    expect((await as('POST', '/api/webhooks/deliveries/999999/retry')).statusCode).toBe(404);
  });
});

describe('the outbox and its deliveries', () => {
  it('sends a work order made through the API to the receiver, signed with the secret', async () => {
    await noWebhooks();
    const made = await makeWebhook({ url: receiverUrl, events: ['work_order.created'] });
    const order = await createWorkOrder('Repack the gland');
    const run = await deliverWebhooks(t.db, { allowPrivate: true });
    expect(run).toEqual({ dispatched: 1, delivered: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received;
    const event = JSON.parse(body);
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'work_order.created',
      createdAt: expect.any(String),
      data: expect.objectContaining({
        workOrderId: order.workOrderId,
        valveId: expect.stringMatching(/^V-/),
        title: 'Repack the gland',
        status: 'pending',
        priority: expect.any(String),
      }),
    });
    expect(headers['valveops-event-id']).toBe(event.id);
    expect(headers['content-type']).toBe('application/json');
    const signature = String(headers['valveops-signature']);
    expect(signature).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(verifies(made.secret, signature, body)).toBe(true);
    expect(verifies('whsec_wrong', signature, body)).toBe(false);
    // A second run finds nothing more to send.
    expect(await deliverWebhooks(t.db, { allowPrivate: true })).toEqual({
      dispatched: 0,
      delivered: 0,
      retrying: 0,
      failed: 0,
    });
    const deliveries = await as('GET', `/api/webhooks/${made.id}/deliveries`);
    expect(deliveries.statusCode).toBe(200);
    const [delivery] = webhookDelivery.strict().array().parse(deliveries.json());
    expect(delivery).toMatchObject({ eventId: event.id, status: 'delivered', attempts: 1, responseStatus: 200 });
    expect(delivery.responseSnippet).toBe('thanks');
  });

  it('records status changes and completion; nothing for an event no webhook wants', async () => {
    await noWebhooks();
    await makeWebhook({ url: receiverUrl, events: ['work_order.status_changed', 'work_order.completed'] });
    const order = await createWorkOrder('Stroke test');
    await t.db.update(workOrders).set({ status: 'in_progress' }).where(eq(workOrders.id, order.id));
    await t.db
      .update(workOrders)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(workOrders.id, order.id));
    const events = await t.db
      .select({ type: webhookEvents.type, data: webhookEvents.data })
      .from(webhookEvents)
      .where(sql`${webhookEvents.data} ->> 'workOrderId' = ${order.workOrderId}`)
      .orderBy(webhookEvents.id);
    expect(events.map((e) => e.type)).toEqual([
      'work_order.status_changed',
      'work_order.status_changed',
      'work_order.completed',
    ]);
    expect(events[1].data).toMatchObject({ from: 'in_progress', to: 'completed', status: 'completed' });
  });

  it('holds no event of a rolled-back transaction', async () => {
    await noWebhooks();
    await makeWebhook({ url: receiverUrl, events: ['work_order.created'] });
    const before = await t.db.$count(webhookEvents);
    fault = 'answered';
    try {
      const res = await as('POST', '/api/work-orders', { valveId, title: 'Never happened' });
      expect(res.statusCode).toBe(500);
    } finally {
      fault = null;
    }
    expect(await t.db.$count(workOrders, eq(workOrders.title, 'Never happened'))).toBe(0);
    expect(await t.db.$count(webhookEvents)).toBe(before);
    // And in a transaction the code rolls back itself.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(
          sql`update work_orders set status = 'in_progress' where id = (select min(id) from work_orders)`,
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await t.db.$count(webhookEvents)).toBe(before);
    // The same write committed records its event.
    await createWorkOrder('Happened');
    expect(await t.db.$count(webhookEvents)).toBe(before + 1);
  });

  it('retries a failing receiver with backoff, and marks the delivery delivered when it answers 200', async () => {
    await noWebhooks();
    const made = await makeWebhook({ url: receiverUrl, events: ['work_order.created'] });
    await createWorkOrder('Flaky receiver');
    answers = [500, 500, 500];
    let now = new Date();
    const clock = () => now;
    const tick = async () => deliverWebhooks(t.db, { allowPrivate: true, now: clock });
    expect(await tick()).toMatchObject({ dispatched: 1, retrying: 1 });
    // Not due again before its backoff.
    expect(await tick()).toMatchObject({ delivered: 0, retrying: 0 });
    for (const delay of RETRY_DELAYS_SECONDS.slice(0, 2)) {
      now = new Date(now.getTime() + delay * 1000);
      expect(await tick()).toMatchObject({ retrying: 1 });
    }
    now = new Date(now.getTime() + RETRY_DELAYS_SECONDS[2] * 1000);
    expect(await tick()).toMatchObject({ delivered: 1 });
    expect(received).toHaveLength(4);
    const ids = new Set(received.map((r) => r.headers['valveops-event-id']));
    expect(ids.size).toBe(1);
    for (const r of received) expect(verifies(made.secret, String(r.headers['valveops-signature']), r.body)).toBe(true);
    const [delivery] = (await as('GET', `/api/webhooks/${made.id}/deliveries`)).json() as { status: string }[];
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4, responseStatus: 200, error: null });
  });

  it('gives up after 24 hours, and "Send again" queues the delivery at once', async () => {
    await noWebhooks();
    const made = await makeWebhook({ url: receiverUrl, events: ['work_order.created'] });
    await createWorkOrder('Receiver down');
    answers = Array(50).fill(503);
    let now = new Date();
    const tick = async () => deliverWebhooks(t.db, { allowPrivate: true, now: () => now });
    let run = await tick();
    for (let i = 0; run.failed === 0 && i < 40; i++) {
      now = new Date(now.getTime() + 6 * 3600 * 1000);
      run = await tick();
    }
    expect(run.failed).toBe(1);
    const [failed] = (await as('GET', `/api/webhooks/${made.id}/deliveries`)).json() as {
      id: number;
      status: string;
      attempts: number;
      nextAttemptAt: string | null;
      responseStatus: number;
    }[];
    expect(failed).toMatchObject({ status: 'failed', nextAttemptAt: null, responseStatus: 503 });
    const attemptsBefore = failed.attempts;
    answers = [];
    received.length = 0;
    const retried = await as('POST', `/api/webhooks/deliveries/${failed.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(webhookDelivery.strict().parse(retried.json())).toMatchObject({ status: 'pending' });
    expect(await deliverWebhooks(t.db, { allowPrivate: true })).toMatchObject({ delivered: 1 });
    expect(received).toHaveLength(1);
    const [row] = await t.db
      .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, failed.id));
    expect(row).toEqual({ status: 'delivered', attempts: attemptsBefore + 1 });
    expect((await as('POST', `/api/webhooks/deliveries/${failed.id}/retry`, undefined, 'technician')).statusCode).toBe(
      403,
    );
  });

  it('sends each attempt once when two runs go at once', async () => {
    await noWebhooks();
    await makeWebhook({ url: receiverUrl, events: ['work_order.created'] });
    await createWorkOrder('Raced 1');
    await createWorkOrder('Raced 2');
    const runs = await Promise.all([
      deliverWebhooks(t.db, { allowPrivate: true }),
      deliverWebhooks(t.db, { allowPrivate: true }),
    ]);
    expect(runs[0].delivered + runs[1].delivered).toBe(2);
    expect(received).toHaveLength(2);
  });

  it('refuses at delivery time a target that is private, when private targets are not allowed', async () => {
    await noWebhooks();
    const made = await makeWebhook({ url: receiverUrl, events: ['work_order.created'] });
    await createWorkOrder('Rebound');
    expect(await deliverWebhooks(t.db, { allowPrivate: false })).toMatchObject({ retrying: 1 });
    expect(received).toHaveLength(0);
    const [delivery] = (await as('GET', `/api/webhooks/${made.id}/deliveries`)).json() as { error: string }[];
    expect(delivery.error).toMatch(/private address/);
  });

  it('purges settled events and their deliveries after KEPT_DAYS, never a pending one', async () => {
    await noWebhooks();
    await makeWebhook({ url: receiverUrl, events: ['work_order.created'] });
    await createWorkOrder('Old news');
    await createWorkOrder('Still trying');
    answers = [200, 500];
    await deliverWebhooks(t.db, { allowPrivate: true });
    const later = new Date(Date.now() + (KEPT_DAYS + 1) * 86_400_000);
    expect(await purgeWebhookEvents(t.db, new Date())).toBe(0);
    expect(await purgeWebhookEvents(t.db, later)).toBe(1);
    const left = await t.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries);
    expect(left).toContainEqual({ status: 'pending' });
    expect(left).not.toContainEqual({ status: 'delivered' });
  });

  it('writes no event for an organization without webhooks', async () => {
    await noWebhooks();
    const before = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from webhook_events`);
    await createWorkOrder('Nobody listens');
    const after = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from webhook_events`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('the other events', () => {
  const eventsOf = (type: string) =>
    t.db
      .select({ data: webhookEvents.data })
      .from(webhookEvents)
      .where(eq(webhookEvents.type, type))
      .then((rows) => rows.map((row) => row.data as Record<string, unknown>));

  it('tells an open anomaly episode once, though a recompute writes it again', async () => {
    await noWebhooks();
    await makeWebhook({ url: receiverUrl, events: ['anomaly.opened'] });
    const start = new Date('2026-11-28T06:00:00Z');
    const episode = { organizationId: 1, valveId, start, severity: 'warning', description: 'Leak rising' };
    const rewrite = () =>
      t.db.transaction(async (tx) => {
        await tx
          .delete(anomalyEpisodes)
          .where(and(eq(anomalyEpisodes.valveId, valveId), eq(anomalyEpisodes.start, start)));
        await tx.insert(anomalyEpisodes).values(episode);
      });
    await rewrite();
    await rewrite();
    // An episode already over when found is history, not an opening.
    await t.db
      .insert(anomalyEpisodes)
      .values({ ...episode, start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-02T00:00:00Z') });
    const told = await eventsOf('anomaly.opened');
    expect(told).toEqual([
      expect.objectContaining({
        valveId: expect.stringMatching(/^V-/),
        severity: 'warning',
        description: 'Leak rising',
      }),
    ]);
  });

  it('tells a plan occurrence when its work order is raised', async () => {
    await noWebhooks();
    await makeWebhook({ url: receiverUrl, events: ['plan.occurrence_raised'] });
    const [plan] = await rowsOf<{ id: number; title: string }>(
      t.db,
      sql`select id, title from maintenance_plans where organization_id = 1 order by id limit 1`,
    );
    const order = await createWorkOrder('From the plan');
    const [occurrence] = await t.db
      .insert(maintenancePlanOccurrences)
      .values({ organizationId: 1, planId: plan.id, valveId, key: 'webhook-test', dueAt: new Date() })
      .returning({ id: maintenancePlanOccurrences.id });
    expect(await eventsOf('plan.occurrence_raised')).toEqual([]);
    await t.db
      .update(maintenancePlanOccurrences)
      .set({ workOrderId: order.id })
      .where(eq(maintenancePlanOccurrences.id, occurrence.id));
    expect(await eventsOf('plan.occurrence_raised')).toEqual([
      expect.objectContaining({ planId: plan.id, planTitle: plan.title, workOrderId: order.workOrderId }),
    ]);
  });

  it('tells a relief test submitted as failed, not one that passed', async () => {
    await noWebhooks();
    await makeWebhook({ url: receiverUrl, events: ['relief_test.failed'] });
    const tests = await rowsOf<{ id: number }>(
      t.db,
      sql`select id from relief_tests where organization_id = 1 order by id limit 2`,
    );
    expect(tests).toHaveLength(2);
    const [failed, passed] = tests;
    await t.db
      .update(reliefTests)
      .set({ status: 'draft' })
      .where(inArray(reliefTests.id, [failed.id, passed.id]));
    await t.db
      .update(reliefTests)
      .set({ asFoundResult: 'fail', status: 'submitted' })
      .where(eq(reliefTests.id, failed.id));
    await t.db
      .update(reliefTests)
      .set({ asFoundResult: 'pass', asLeftResult: 'pass', status: 'submitted' })
      .where(eq(reliefTests.id, passed.id));
    expect(await eventsOf('relief_test.failed')).toEqual([
      expect.objectContaining({ testId: failed.id, asFoundResult: 'fail' }),
    ]);
  });

  it('tells a submitted relief test an engineer overrides to fail, once', async () => {
    await noWebhooks();
    await makeWebhook({ url: receiverUrl, events: ['relief_test.failed'] });
    const [passed] = await rowsOf<{ id: number }>(
      t.db,
      sql`select r.id from relief_tests r where r.organization_id = 1 and r.status = 'submitted'
        and r.as_found_result = 'pass' and r.as_found_judgement is not null
        and coalesce(r.as_left_result, 'pass') = 'pass'
        and not exists (select 1 from signatures s where s.entity_type = 'relief_test' and s.entity_id = r.id)
        order by r.id limit 1`,
    );
    expect(passed).toBeDefined();
    const override = async (verdict: 'pass' | 'fail') => {
      const current = await as('GET', `/api/relief-valves/tests/${passed.id}`, undefined, 'engineer');
      const res = await as(
        'POST',
        `/api/relief-valves/tests/${passed.id}/override`,
        { verdict, reason: 'Seat leakage seen on the bench video', version: current.json().version },
        'engineer',
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await override('fail');
    await override('fail');
    expect(await eventsOf('relief_test.failed')).toEqual([
      expect.objectContaining({ testId: passed.id, asFoundResult: 'fail' }),
    ]);
  });
});
