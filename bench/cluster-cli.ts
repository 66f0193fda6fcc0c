/**
 * `npm run cluster [-- --servers N] [--port P]`: N ValveOps servers (default 3) behind HAProxy on a PostgreSQL primary
 * and a streaming replica, with the demo, kept in ./data/cluster; Ctrl-C stops everything it started
 * (docs/operations.md, "Several servers").
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from './cluster';
import { repoRoot } from './servers';

const { values } = parseArgs({
  options: { servers: { type: 'string', default: '3' }, port: { type: 'string', default: '5080' } },
});
const servers = Number(values.servers);
const port = Number(values.port);
if (!Number.isInteger(servers) || servers < 1 || servers > 16) throw new Error('--servers must be 1 to 16');
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('--port must be a TCP port');

const dir = path.join(repoRoot, 'data', 'cluster');
// Each run starts from a new primary and replica: a replica is a copy taken at its start.
await rm(dir, { recursive: true, force: true });
console.log(`Starting PostgreSQL (primary and replica), ${servers} servers and HAProxy in ${dir} ...`);
const cluster = await startCluster({ servers, port, dir, durable: true });
console.log(`ValveOps cluster at ${cluster.url}/app (HAProxy)`);
console.log(`  primary ${cluster.postgres.primaryUrl}, replica ${cluster.postgres.replicaUrl}`);
for (const [i, server] of cluster.servers.entries()) console.log(`  server-${i + 1} ${server.url}`);
console.log('Ctrl-C stops them all.');
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping ...');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
