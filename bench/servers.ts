/**
 * Child processes of the benchmark: the real server, the floor server and the seed CLI. Each runs in its own
 * process so the load generator (this process) never shares an event loop with what it measures.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A running child with the tail of its output (for error reports) and a count of lines it logged. */
export type Child = {
  name: string;
  url: string;
  process: ChildProcess;
  /** Last lines of stdout+stderr, so a failure can show what the server said. */
  tail: string[];
  /** Lines written since start; with LOG_LEVEL=warn any line during load is a warning or an error. */
  lines: number;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

/** A port nobody listens on right now (the OS picks it; released just before the child binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Node with the tsx loader in-process (`node --import tsx`), not the `tsx` CLI: the CLI runs the script in a
 * grandchild, and then the pid we sample for memory and kill would be the wrapper, not the server.
 */
function spawnNode(name: string, script: string, args: string[], env: NodeJS.ProcessEnv, url: string): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const record: Child = {
    name,
    url,
    process: child,
    tail: [],
    lines: 0,
    // 'close', not 'exit': it comes after stdout/stderr are drained, so `tail` holds the child's last words.
    exited: new Promise((resolve) => child.once('close', (code) => resolve(code))),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      // The server closes its database on SIGTERM; PGlite may take a moment to flush, but not forever.
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await record.exited;
      clearTimeout(timer);
    },
  };
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      record.lines++;
      record.tail.push(line);
      if (record.tail.length > 40) record.tail.shift();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return record;
}

/** Polls `<url>/readyz` until it answers 200; fails early if the child exits first. */
export async function waitReady(child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) {
      const how = `code ${child.process.exitCode}, signal ${child.process.signalCode}`;
      throw new Error(`${child.name} exited (${how}) before it was ready:\n${child.tail.join('\n')}`);
    }
    try {
      const response = await fetch(`${child.url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet: migrations or the demo data load may still be running.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${child.name} was not ready after ${timeoutMs / 1000} s:\n${child.tail.join('\n')}`);
}

/**
 * Where a scenario's data lives. DATA_DIR is always a temp dir: PGlite's files, or with PostgreSQL just the
 * uploads (demo photos), which must not land in the repo's ./data.
 */
export type Storage = { kind: 'pglite' | 'postgres'; dataDir: string; databaseUrl?: string };

function storageEnv(storage: Storage): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { DATA_DIR: storage.dataDir };
  if (storage.databaseUrl) env.DATABASE_URL = storage.databaseUrl;
  return env;
}

/** The real server, exactly as `npx tsx server/src/main.ts` runs it, with warn-level logs. */
export async function startAppServer(storage: Storage, demo: boolean, extra: NodeJS.ProcessEnv = {}): Promise<Child> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...extra,
    ...storageEnv(storage),
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: String(demo),
    LOG_LEVEL: 'warn',
  };
  return spawnNode('server', 'server/src/main.ts', [], env, `http://127.0.0.1:${port}`);
}

export async function startFloorServer(manifestPath: string): Promise<Child> {
  const port = await freePort();
  return spawnNode('floor', 'bench/floor-server.ts', [String(port), manifestPath], {}, `http://127.0.0.1:${port}`);
}

/**
 * `seed-cli.ts --valves N` against the given storage; resolves with its summary line. `track` gets the child
 * at once so an interrupted run can stop it.
 */
export async function seed(storage: Storage, valves: number, track: (child: Child) => void): Promise<string> {
  const args = ['--valves', String(valves)];
  const child = spawnNode('seed', 'server/src/demo/seed-cli.ts', args, storageEnv(storage), '');
  track(child);
  const code = await child.exited;
  if (code !== 0) throw new Error(`seed CLI failed (exit ${code}):\n${child.tail.join('\n')}`);
  return child.tail.join(' ').trim();
}

/** Kernel figures for one process in kB: current RSS and its high-water mark. Linux only; null elsewhere. */
export function readMemory(pid: number | undefined): { rssKb: number; hwmKb: number } | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
  } catch {
    return null;
  }
}

/** Samples a process's RSS twice a second, so the peak under load is seen even if VmHWM is from start-up. */
export function sampleMemory(pid: number | undefined): { maxRssKb: () => number; stop: () => void } {
  let max = 0;
  const timer = setInterval(() => {
    const memory = readMemory(pid);
    if (memory) max = Math.max(max, memory.rssKb);
  }, 500);
  timer.unref();
  return { maxRssKb: () => max, stop: () => clearInterval(timer) };
}

/** CPU time (user + system, all threads) a process has used, in clock ticks; null where /proc is missing. */
function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the child has finished work left over from the last run and is idle: under 5% of a core for
 * half a second and /readyz (which queues behind other database work) answering within 200 ms. Needed because
 * when autocannon stops, the server keeps computing the responses it had accepted (a 3 MB valve list takes
 * a while), which would otherwise slow the next run. Returns how long that took (ms); gives up after `maxMs`.
 */
export async function settle(child: Child, maxMs = 120_000): Promise<number> {
  const started = Date.now();
  // Linux's USER_HZ is 100 on every common build; a wrong guess only makes the idle test stricter or looser.
  const ticksPerSecond = 100;
  let last = cpuTicks(child.process.pid);
  while (Date.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuTicks(child.process.pid);
    const idle = now === null || last === null || (now - last) / ticksPerSecond / 0.5 < 0.05;
    last = now;
    if (!idle) continue;
    const asked = Date.now();
    const ready = await fetch(`${child.url}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
    if (ready?.ok && Date.now() - asked < 200) return Date.now() - started;
  }
  return Date.now() - started;
}

/** Creates and drops the benchmark's own databases through the admin URL; never touches any other database. */
export class PgDatabases {
  private readonly created = new Set<string>();
  constructor(private readonly adminUrl: string) {}

  private async run(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  async check(): Promise<void> {
    await this.run('select 1');
  }

  /** Drops (if a failed run left it) and creates `name`; returns its URL. */
  async create(name: string): Promise<string> {
    if (!/^valveops_bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to manage database ${name}`);
    await this.run(`drop database if exists ${name} with (force)`);
    await this.run(`create database ${name}`);
    this.created.add(name);
    const url = new URL(this.adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async drop(name: string): Promise<void> {
    // FORCE ends connections a killed server may have left behind, so the drop cannot hang on them.
    await this.run(`drop database if exists ${name} with (force)`);
    this.created.delete(name);
  }

  async dropAll(): Promise<void> {
    for (const name of [...this.created]) await this.drop(name);
  }
}
