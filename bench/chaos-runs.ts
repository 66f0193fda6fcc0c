/**
 * Fault runs against the real server in a child process (issue 15): writers raise work orders with
 * Idempotency-Keys while the server is killed with SIGKILL (then restarted on the same data), or while PostgreSQL
 * backends are terminated under it. Afterwards every write is retried with its key, as the phone's offline queue
 * does, and the work orders are counted: an acknowledged write must be there before any retry (none missing), and
 * after the retries every write must be there exactly once (none duplicated). `npm run chaos` and
 * server/src/kill-restart.test.ts run these.
 */
import pg from 'pg';
import { type Child, type Storage, startAppServer, waitReady } from './servers';

export type ChaosTally = {
  engine: Storage['kind'];
  fault: 'kill -9' | 'terminate';
  /** Writes sent under the fault. */
  sent: number;
  /** Answered 201 under the fault. */
  acknowledged: number;
  /** Not answered 201 (503, or the connection dropped): the phone keeps and retries these. */
  unanswered: number;
  /** Answers that were neither 201 nor 503 nor a dropped connection (a 500 is a finding). */
  unexpected: number[];
  /** Backends terminated (termination runs). */
  terminations: number;
  /** Acknowledged writes not in the database after the fault, before any retry. */
  missing: number;
  /** Writes in the database more than once after every write was retried with its key. */
  duplicated: number;
  /** Retries that did not answer 201. */
  failedRetries: number[];
  /** The server process ended by itself under the fault. */
  died: boolean;
};

export type Write = { title: string; key: string; status: number | 'dropped' };
export type Session = { url: string; headers: Record<string, string>; valveId: number };

const ADMIN = { name: 'Chaos Admin', email: 'chaos@example.com', password: 'chaos-run-password' };

async function json(response: Response, what: string) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The first admin of an empty installation and one valve to raise work on. */
async function setUp(url: string): Promise<Session> {
  const signUp = await fetch(`${url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ organizationName: 'Chaos Refinery', plantName: 'Gas Plant B', ...ADMIN }),
  });
  await json(signUp.clone(), 'sign-up');
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, 'content-type': 'application/json' };
  const valve = await json(
    await fetch(`${url}/api/valves`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        valveId: 'V-901-BV',
        type: 'Ball Valve',
        size: '4"',
        pressure: 'Class 300',
        plant: 'Gas Plant B',
        location: 'Compressor Hall',
        system: 'Fuel Gas',
        manufacturer: 'Emerson Fisher',
        model: 'V150',
        maintenanceIntervalDays: 90,
      }),
    }),
    'valve',
  );
  return { url, headers, valveId: valve.id };
}

export async function raise(session: Session, write: Pick<Write, 'title' | 'key'>): Promise<number | 'dropped'> {
  try {
    const response = await fetch(`${session.url}/api/work-orders`, {
      method: 'POST',
      headers: { ...session.headers, 'idempotency-key': write.key },
      body: JSON.stringify({ valveId: session.valveId, title: write.title }),
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'dropped';
  }
}

/** `writers` loops raising work orders until `stop()` resolves; each write is noted with how it was answered. */
export function writeUntil(session: Session, run: string, writers: number, stop: Promise<unknown>) {
  const writes: Write[] = [];
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const loops = Array.from({ length: writers }, async (_, w) => {
    for (let i = 0; !stopped; i++) {
      const write = { title: `Chaos ${run} ${w}-${i}`, key: `chaos-${run}-${w}-${i}` };
      const status = await raise(session, write);
      writes.push({ ...write, status });
      if (status === 'dropped' && stopped) break;
    }
  });
  return { writes, done: Promise.all(loops) };
}

async function countsByTitle(session: Session, run: string): Promise<Map<string, number>> {
  const list = await json(await fetch(`${session.url}/api/work-orders`, { headers: session.headers }), 'list');
  const orders: { title: string }[] = Array.isArray(list) ? list : list.items;
  const counts = new Map<string, number>();
  for (const order of orders) {
    if (order.title.startsWith(`Chaos ${run} `)) counts.set(order.title, (counts.get(order.title) ?? 0) + 1);
  }
  return counts;
}

/** Missing before the retries, then every write retried with its key, then duplicates. */
export async function settleWrites(session: Session, run: string, writes: Write[]) {
  const before = await countsByTitle(session, run);
  const missing = writes.filter((w) => w.status === 201 && !before.has(w.title)).length;
  const failedRetries: number[] = [];
  for (const write of writes) {
    const status = await raise(session, write);
    if (status !== 201) failedRetries.push(status === 'dropped' ? 0 : status);
  }
  const after = await countsByTitle(session, run);
  const duplicated = [...after.values()].filter((n) => n > 1).length;
  return { missing, duplicated, failedRetries };
}

function tally(engine: Storage['kind'], fault: ChaosTally['fault'], writes: Write[]) {
  return {
    engine,
    fault,
    sent: writes.length,
    acknowledged: writes.filter((w) => w.status === 201).length,
    unanswered: writes.filter((w) => w.status !== 201).length,
    unexpected: writes.flatMap((w) =>
      w.status === 201 || w.status === 503 || w.status === 'dropped' ? [] : [w.status],
    ),
  };
}

async function startServer(storage: Storage, timeoutMs: number): Promise<Child> {
  const server = await startAppServer(storage, false);
  await waitReady(server, timeoutMs);
  return server;
}

/**
 * Kills the server with SIGKILL after `loadMs` of writes, restarts it on the same data and settles the writes.
 * The storage must be empty (a fresh PGlite folder or PostgreSQL database).
 */
export async function killRun(
  storage: Storage,
  options: { loadMs?: number; writers?: number; readyMs?: number; run?: string } = {},
): Promise<ChaosTally> {
  const { loadMs = 3_000, writers = 8, readyMs = 180_000, run = 'kill' } = options;
  let server = await startServer(storage, readyMs);
  try {
    let session = await setUp(server.url);
    const dying = server;
    const killed = new Promise((resolve) => setTimeout(resolve, loadMs)).then(() => dying.process.kill('SIGKILL'));
    const { writes, done } = writeUntil(session, run, writers, killed);
    await killed;
    await dying.exited;
    await done;
    server = await startServer(storage, readyMs);
    session = { ...session, url: server.url };
    return {
      ...tally(storage.kind, 'kill -9', writes),
      terminations: 0,
      died: false,
      ...(await settleWrites(session, run, writes)),
    };
  } finally {
    await server.stop();
  }
}

/**
 * PostgreSQL only: terminates two of the server's backends every `everyMs` while writers run for `loadMs`, then
 * settles the writes on the same (surviving) server.
 */
export async function terminationRun(
  storage: Storage & { databaseUrl: string },
  options: { loadMs?: number; writers?: number; everyMs?: number; readyMs?: number; run?: string } = {},
): Promise<ChaosTally> {
  const { loadMs = 3_000, writers = 8, everyMs = 100, readyMs = 180_000, run = 'terminate' } = options;
  const server = await startServer(storage, readyMs);
  let died = false;
  void server.exited.then(() => {
    died = true;
  });
  const admin = new pg.Client({ connectionString: storage.databaseUrl });
  try {
    const session = await setUp(server.url);
    await admin.connect();
    const over = new Promise((resolve) => setTimeout(resolve, loadMs));
    const { writes, done } = writeUntil(session, run, writers, over);
    let terminations = 0;
    let loading = true;
    void over.then(() => {
      loading = false;
    });
    while (loading) {
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
         order by random() limit 2`,
      );
      terminations += rows.filter((r) => r.ended).length;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await done;
    // A moment for the pool and the listener to reconnect before the retries.
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (died) {
      return {
        ...tally(storage.kind, 'terminate', writes),
        terminations,
        died,
        missing: Number.NaN,
        duplicated: Number.NaN,
        failedRetries: [],
      };
    }
    return {
      ...tally(storage.kind, 'terminate', writes),
      terminations,
      died,
      ...(await settleWrites(session, run, writes)),
    };
  } finally {
    await admin.end().catch(() => {});
    await server.stop();
  }
}

export function printTally(t: ChaosTally): string {
  const unexpected = t.unexpected.length ? `, unexpected answers ${t.unexpected.join(' ')}` : '';
  const failed = t.failedRetries.length ? `, failed retries ${t.failedRetries.join(' ')}` : '';
  const terminated = t.fault === 'terminate' ? `, ${t.terminations} backends terminated` : '';
  return (
    `${t.engine.padEnd(8)} ${t.fault.padEnd(9)} sent ${t.sent}, acknowledged ${t.acknowledged}, ` +
    `unanswered ${t.unanswered}, missing ${t.missing}, duplicated ${t.duplicated}${terminated}` +
    `${t.died ? ', SERVER DIED' : ''}${unexpected}${failed}`
  );
}
