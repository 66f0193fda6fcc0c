import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { listenOnPostgres, sharedRoundTrips } from './notifications';

describe('sharedRoundTrips', () => {
  it('lets callers share a trip not yet started, and sends whoever asks during one on the next', async () => {
    const started: number[] = [];
    const finishes: (() => void)[] = [];
    const trip = sharedRoundTrips(
      () =>
        new Promise<void>((resolve) => {
          started.push(started.length + 1);
          finishes.push(resolve);
        }),
    );
    const first = [trip(), trip()];
    await Promise.resolve();
    expect(started).toEqual([1]);
    // Asked while the first runs: a notice committed now may have missed it, so they wait for the second.
    let secondDone = false;
    const second = Promise.all([trip(), trip()]).then(() => {
      secondDone = true;
    });
    finishes[0]();
    await Promise.all(first);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    expect(secondDone).toBe(false);
    finishes[1]();
    await second;
    expect(started).toEqual([1, 2]);
  });

  it('a failed trip fails its callers, and the next trip still runs', async () => {
    let fail = true;
    const trip = sharedRoundTrips(async () => {
      if (fail) throw new Error('connection lost');
    });
    await expect(trip()).rejects.toThrow('connection lost');
    fail = false;
    await expect(trip()).resolves.toBeUndefined();
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('listenOnPostgres, on PostgreSQL', () => {
  it('heard(): every notice committed before it has reached the handlers', async () => {
    const errors: Error[] = [];
    const listen = listenOnPostgres(url as string, (error) => errors.push(error));
    const channel = `heard_${process.pid}`;
    const payloads: string[] = [];
    const states: boolean[] = [];
    const stop = await listen(channel, {
      message: (payload) => payloads.push(payload),
      listening: (on) => states.push(on),
    });
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    try {
      for (let i = 0; i < 50; i++) {
        await writer.query('select pg_notify($1, $2)', [channel, String(i)]);
        await listen.heard();
        expect(payloads.at(-1)).toBe(String(i));
      }
    } finally {
      await writer.end();
      await stop();
    }
    expect(states).toEqual([true, false]);
    expect(errors).toEqual([]);
  });

  it('heard() with the listening connection gone resolves, and the handlers hear that nothing is heard', async () => {
    const listen = listenOnPostgres(url as string, () => {});
    const channel = `heard_lost_${process.pid}`;
    const states: boolean[] = [];
    const stop = await listen(channel, { message: () => {}, listening: (on) => states.push(on) });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where pid <> pg_backend_pid() and query = $1`,
        [`LISTEN "${channel}"`],
      );
      await listen.heard();
      expect(states).toEqual([true, false]);
    } finally {
      await admin.end();
      await stop();
    }
  });
});
