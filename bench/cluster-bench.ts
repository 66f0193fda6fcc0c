/**
 * `npm run bench -- --only cluster` (issue 36): the bench's mixed workload through HAProxy in front of 1, 2 and 3
 * servers on one PostgreSQL primary with a streaming replica (bench/cluster.ts), with the CPU each process took;
 * and the analytics reads under a stream of the mix's writes (work orders, readings batches), read on the replica (a browser session) and on the
 * primary (an API token, whose reads stay there). On 2 cores the servers share the cores with PostgreSQL, HAProxy
 * and the load generator, so the curve flattens early: the CPU figures say where the time went.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { startCluster, startFront } from './cluster';
import { signIn, signInAs } from './http';
import { type LoadSettings, type Measurement, measure, type PlannedRequest, reads } from './load';
import { prepareWorkload } from './workload';

/** Seconds of CPU (user + system) a process has used so far, from /proc; null when it is gone. */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * The CPU of PostgreSQL's processes (the postmasters and their children: backends, WAL sender and receiver,
 * the replica's startup process), summed; a backend that ended meanwhile takes its share with it, but the
 * servers' pools keep theirs for the run.
 */
function postgresCpuSeconds(postmasters: number[]): number {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (postmasters.includes(Number(name)) || postmasters.includes(parent)) total += cpuSeconds(Number(name)) ?? 0;
    } catch {
      // Gone between the listing and the read.
    }
  }
  return total;
}

const line = (label: string, m: Measurement) =>
  `${label.padEnd(34)} ${m.requestsPerS.toFixed(0).padStart(6)} req/s  p50 ${m.p50Ms.toFixed(0).padStart(5)} ms  ` +
  `p99 ${m.p99Ms.toFixed(0).padStart(5)} ms  non-2xx ${m.non2xx}`;

export async function runClusterBench(settings: LoadSettings): Promise<void> {
  console.log('\n== Cluster: HAProxy, 1-3 servers, PostgreSQL primary and streaming replica (bench/cluster-bench.ts)');
  const cluster = await startCluster({ servers: 3 });
  try {
    const headers = await signIn(cluster.url);
    const valves = (await (await fetch(`${cluster.url}/api/valves`, { headers })).json()) as { id: number }[];
    const workload = await prepareWorkload(
      cluster.url,
      headers,
      valves.map((v) => v.id),
    );
    const postmasters = cluster.postgres.postmasters();
    console.log(`mixed workload (${workload.description}), ${settings.connections} connections:`);
    for (const count of [1, 2, 3]) {
      const front = await startFront(cluster.dir, cluster.servers.slice(0, count));
      try {
        const pids = cluster.servers.slice(0, count).map((s) => s.process.pid);
        const before = pids.map(cpuSeconds);
        const postgresBefore = postgresCpuSeconds(postmasters);
        const started = Date.now();
        const m = await measure(front.url, workload.mixed, headers, settings, async () => 0);
        const seconds = (Date.now() - started) / 1000;
        const cpu = pids.map((pid, i) => Math.round((((cpuSeconds(pid) ?? 0) - (before[i] ?? 0)) / seconds) * 100));
        const postgres = Math.round(((postgresCpuSeconds(postmasters) - postgresBefore) / seconds) * 100);
        console.log(
          `${line(`  ${count} server${count > 1 ? 's' : ''}`, m)}  CPU: servers ${cpu.map((c) => `${c}%`).join(' ')}, PostgreSQL (both) ${postgres}%`,
        );
      } finally {
        front.stop();
      }
    }

    const token = await fetch(`${cluster.url}/api/api-tokens`, {
      method: 'POST',
      headers: { ...(await signInAs(cluster.url, 'admin@northfield.example')), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench primary reads', scopes: ['read'] }),
    });
    const bearer = { authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
    const analytics: PlannedRequest[] = reads([
      '/api/analytics/predictive',
      '/api/analytics/performance-metrics',
      '/api/reliability/bad-actors',
      '/api/dashboard/stats',
    ]);
    const writes = workload.mixed.filter((r) => r.method === 'POST');
    const half = { ...settings, connections: Math.max(1, Math.round(settings.connections / 2)) };
    console.log(
      `analytics reads (${half.connections} connections) beside the mix's writes, work orders and readings (${half.connections}):`,
    );
    for (const [label, readHeaders] of [
      ['  on the replica (session)', headers],
      ['  on the primary (API token)', bearer],
    ] as const) {
      const [read, written] = await Promise.all([
        measure(cluster.url, analytics, readHeaders, half, async () => 0),
        measure(cluster.url, writes, headers, half, async () => 0),
      ]);
      console.log(`${line(label, read)}   writes ${written.requestsPerS.toFixed(0)} req/s, p99 ${written.p99Ms} ms`);
    }
  } finally {
    await cluster.stop();
  }
}
