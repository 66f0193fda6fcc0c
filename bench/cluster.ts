/**
 * Several ValveOps servers behind HAProxy on a PostgreSQL primary and one streaming read replica, all on this
 * machine (issue 36): `npm run cluster` runs it for people, the cluster test (bench/cluster.test.ts) and the bench
 * drive it. The primary and the replica are PostgreSQL clusters of their own in a folder (initdb, then
 * pg_basebackup -R), never the machine's own PostgreSQL, so nothing here touches another database.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, chmod, chown, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Child, freePort, repoRoot, startAppServer, waitReady } from './servers';

/** The newest PostgreSQL's programs (Debian keeps them per version, off the PATH). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql (Debian package postgresql)');
}

/** initdb and postgres refuse to run as root: as root they run as the postgres user. */
const asRoot = process.getuid?.() === 0;

function runPostgresTool(bin: string, tool: string, args: string[]): string {
  const program = path.join(bin, tool);
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  return execFileSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export type PostgresPair = {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica (fast shutdown), as a replica host going away would. */
  stopReplica: () => void;
  startReplica: () => void;
  /** The process ids of the primary's and the replica's postmasters (for CPU figures). */
  postmasters: () => number[];
  stop: () => void;
};

const DATABASE = 'valveops';

async function postgresPair(dir: string, durable: boolean): Promise<PostgresPair> {
  const bin = postgresBin();
  await mkdir(dir, { recursive: true });
  if (asRoot) {
    const { uid, gid } = userIds('postgres');
    await chown(dir, uid, gid);
  }
  await chmod(dir, 0o700);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  runPostgresTool(bin, 'initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  // initdb's pg_hba already trusts replication from 127.0.0.1 with --auth=trust.
  const settings = [
    `port = ${primaryPort}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'wal_level = replica',
    'max_wal_senders = 4',
    'max_connections = 200',
    'hot_standby = on',
    // Queries on the replica wait up to this for the replay instead of being cancelled at once.
    'max_standby_streaming_delay = 5s',
    ...(durable ? [] : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']),
  ];
  await appendFile(path.join(primaryDir, 'postgresql.conf'), `\n${settings.join('\n')}\n`);
  const pgCtl = (dataDir: string, ...args: string[]) =>
    runPostgresTool(bin, 'pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-w', '-t', '60', ...args]);
  pgCtl(primaryDir, 'start');
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${DATABASE}`;
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
  await admin.connect();
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  runPostgresTool(bin, 'pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
    ...['-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast'],
  ]);
  await appendFile(path.join(replicaDir, 'postgresql.auto.conf'), `\nport = ${replicaPort}\n`);
  pgCtl(replicaDir, 'start');
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/${DATABASE}`;
  let replicaUp = true;
  return {
    primaryUrl,
    replicaUrl,
    stopReplica: () => {
      if (replicaUp) pgCtl(replicaDir, 'stop', '-m', 'fast');
      replicaUp = false;
    },
    startReplica: () => {
      if (!replicaUp) pgCtl(replicaDir, 'start');
      replicaUp = true;
    },
    postmasters: () =>
      [primaryDir, replicaDir].flatMap((dataDir) => {
        const file = path.join(dataDir, 'postmaster.pid');
        return existsSync(file) ? [Number(readFileSync(file, 'utf8').split('\n')[0])] : [];
      }),
    stop: () => {
      for (const dataDir of replicaUp ? [replicaDir, primaryDir] : [primaryDir]) {
        try {
          pgCtl(dataDir, 'stop', '-m', 'fast');
        } catch {
          // Already stopped: nothing to do.
        }
      }
      replicaUp = false;
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/**
 * HAProxy in front: round robin, /readyz checked every second, a refused connection or a 503 tried on the next
 * server (a server draining answers 503 to what arrives on a kept-alive connection, before doing anything). A
 * check may take 5 s and a server is out after 3 failed ones: under load /readyz waits its turn for the pool, and
 * stricter checks took the only server out under 50 connections (every request then 503). A dead server is not
 * waited for: its refused connections go to the next at once.
 */
function haproxyConfig(port: number, servers: { name: string; port: number }[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  timeout http-keep-alive 10s
  timeout check 5s
  retries 3
  option redispatch
  retry-on conn-failure empty-response 503
  option httpchk GET /readyz
  http-check expect status 200
  default-server check inter 1s fall 3 rise 2

frontend valveops
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend servers

backend servers
  balance roundrobin
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`).join('\n')}
`;
}

export type Cluster = {
  /** HAProxy's address: what people and tests use. */
  url: string;
  /** The folder of its databases and configuration (removed by stop() unless given). */
  dir: string;
  postgres: PostgresPair;
  /** The servers in order (server 1 migrated and loaded the demo); a killed one stays in the list. */
  servers: Child[];
  /** Kills server `index` with SIGKILL (the balancer notices on its next check or the next refused connection). */
  kill: (index: number) => Promise<void>;
  stop: () => Promise<void>;
};

export type ClusterOptions = {
  servers?: number;
  demo?: boolean;
  /** Where the PostgreSQL clusters and the servers' folders go; a new temp folder unless given. */
  dir?: string;
  /** fsync on: for people trying it out; the tests and the bench run without (nothing here outlives them). */
  durable?: boolean;
  /** HAProxy's port; a free one unless given. */
  port?: number;
  /** Extra environment for every server. */
  env?: NodeJS.ProcessEnv;
};

/** Starts the whole cluster; on any failure stops what it started. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.servers ?? 3;
  const dir = options.dir ?? path.join(os.tmpdir(), `valveops-cluster-${process.pid}-${Date.now()}`);
  const started: { servers: Child[]; haproxy: ChildProcess | null; postgres: PostgresPair | null } = {
    servers: [],
    haproxy: null,
    postgres: null,
  };
  const stop = async () => {
    started.haproxy?.kill('SIGTERM');
    await Promise.all(started.servers.map((s) => s.stop()));
    started.postgres?.stop();
    if (!options.dir) await rm(dir, { recursive: true, force: true });
  };
  try {
    execFileSync('bash', [path.join(repoRoot, 'scripts/ensure-haproxy.sh')], { stdio: 'inherit' });
    started.postgres = await postgresPair(path.join(dir, 'postgres'), options.durable ?? false);
    const { primaryUrl, replicaUrl } = started.postgres;
    const serverEnv: NodeJS.ProcessEnv = {
      READ_DATABASE_URL: replicaUrl,
      TRUST_PROXY: '127.0.0.1',
      FILE_STORE: 'database',
      ...options.env,
    };
    const start = async (index: number) => {
      const dataDir = path.join(dir, `server-${index + 1}`);
      await mkdir(dataDir, { recursive: true });
      const server = await startAppServer(
        { kind: 'postgres', dataDir, databaseUrl: primaryUrl },
        options.demo ?? true,
        serverEnv,
      );
      started.servers[index] = server;
      await waitReady(server, 300_000);
    };
    // The first migrates and loads the demo alone; the others then find both done.
    await start(0);
    await Promise.all(Array.from({ length: count - 1 }, (_, i) => start(i + 1)));
    const front = await startFront(dir, started.servers, options.port);
    started.haproxy = front.process;
    const url = front.url;
    return {
      url,
      dir,
      postgres: started.postgres,
      servers: started.servers,
      kill: async (index) => {
        const server = started.servers[index];
        server.process.kill('SIGKILL');
        await server.exited;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** HAProxy in front of `servers` on `port` (a free one unless given), once it answers /readyz through them. */
export async function startFront(
  dir: string,
  servers: Child[],
  port?: number,
): Promise<{ url: string; process: ChildProcess; stop: () => void }> {
  const listen = port ?? (await freePort());
  const backends = servers.map((s, i) => ({ name: `server-${i + 1}`, port: Number(new URL(s.url).port) }));
  const configFile = path.join(dir, `haproxy-${listen}.cfg`);
  await writeFile(configFile, haproxyConfig(listen, backends));
  const haproxy = spawn('haproxy', ['-f', configFile, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = `http://127.0.0.1:${listen}`;
  await waitFor(async () => (await fetch(`${url}/readyz`).catch(() => null))?.ok === true, 30_000, 'HAProxy');
  return { url, process: haproxy, stop: () => haproxy.kill('SIGTERM') };
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000} s`);
}
