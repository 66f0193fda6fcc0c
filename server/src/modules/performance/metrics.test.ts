import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { mayReadMetrics } from '../../plugins/metrics';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The value of one sample line of the Prometheus text format, e.g. `name{a="b"} 3`. */
function sample(text: string, line: string): number | null {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : null;
}

describe('/metrics', () => {
  it('records each request by route template, method and status, and the database time', async () => {
    const valves = (await t.get('/api/valves')).json() as { id: number }[];
    for (const v of valves.slice(0, 3)) expect((await t.get(`/api/valves/${v.id}`)).statusCode).toBe(200);
    expect((await t.get('/api/valves/999999')).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const count = 'http_request_duration_seconds_count{method="GET",route="/api/valves/:id",status_code="200"}';
    expect(sample(text, count)).toBe(3);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/valves/:id",status_code="404"}'),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/valves/:id",status_code="200"}',
      ),
    ).toBe(3);
    expect(sample(text, 'db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(text, 'process_uptime_seconds')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('labels requests no route matched as one route, so paths cannot blow up the label set', async () => {
    await t.get('/api/no-such-thing-1');
    await t.get('/api/no-such-thing-2');
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(
      2,
    );
    expect(text).not.toContain('no-such-thing');
  });

  it('refuses a request from another host without the token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Metrics are readable from this host, or with the metrics token.' });
  });

  it('refuses a request a proxy forwarded, even though the proxy is on this host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('/metrics with a token configured', () => {
  const token = 'scrape-secret-0123456789';
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openDatabase({});
    await database.migrate();
    app = await buildApp({
      db: database.db,
      config: {
        uploadsDir: '/nonexistent',
        clientDist: path.join('/nonexistent'),
        demo: false,
        trustProxy: false,
        checkReplies: true,
        metricsToken: token,
      },
    });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it('lets another host read with the token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds');
  });

  it('refuses a wrong token, from anywhere', async () => {
    for (const remoteAddress of ['10.1.2.3', '127.0.0.1']) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress,
        headers: { authorization: 'Bearer wrong' },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('mayReadMetrics', () => {
  it('allows loopback in its IPv4, IPv6 and mapped forms, and nothing else without a token', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(mayReadMetrics(address, {}, undefined)).toBe(true);
    }
    for (const address of ['10.0.0.1', '192.168.1.5', '::ffff:10.0.0.1', '1127.0.0.1', undefined]) {
      expect(mayReadMetrics(address, {}, undefined)).toBe(false);
    }
  });
  it('ignores a bearer token when none is configured', () => {
    expect(mayReadMetrics('10.0.0.1', { authorization: 'Bearer anything' }, undefined)).toBe(false);
  });
});
