/**
 * The floor: the cheapest server Node can be for the same responses. It answers each benchmarked path with the
 * exact body and headers the real server sent for it (captured once by the runner), so the gap between the
 * two is what the app itself costs (routing, validation, database, serialization), not Node or the network.
 *
 * Run as its own process so it gets a core of its own, like the real server:
 *   node --import tsx bench/floor-server.ts <port> <manifest.json>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export type FloorManifest = {
  /**
   * URL path (with query), or for other methods than GET 'METHOD path' -> file holding the body (relative to
   * the manifest's folder), the real server's status (200 when absent) and response headers, minus the ones
   * Node writes itself (date, connection, content-length).
   */
  routes: Record<string, { file: string; headers: Record<string, string>; status?: number }>;
};

const [portArg, manifestPath] = process.argv.slice(2);
if (!portArg || !manifestPath) {
  console.error('usage: floor-server.ts <port> <manifest.json>');
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as FloorManifest;
const folder = path.dirname(manifestPath);
// Everything is read up front: serving must not touch the disk, or the floor would not be a floor.
const bodies = new Map<string, { body: Buffer; headers: Record<string, string>; status: number }>();
for (const [url, route] of Object.entries(manifest.routes)) {
  const body = readFileSync(path.join(folder, route.file));
  const headers = { ...route.headers, 'content-length': String(body.length) };
  bodies.set(url, { body, headers, status: route.status ?? 200 });
}

const server = http.createServer((request, response) => {
  if (request.url === '/readyz') {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end('{"status":"ready"}');
    return;
  }
  if (request.method !== 'GET') {
    // A write: read the whole body first, as the real server must, then answer what it answered.
    const hit = bodies.get(`${request.method} ${request.url}`);
    request.resume();
    request.once('end', () => {
      response.writeHead(hit ? hit.status : 404, hit?.headers);
      response.end(hit?.body);
    });
    return;
  }
  const hit = bodies.get(request.url ?? '');
  if (!hit) {
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(hit.status, hit.headers);
  response.end(hit.body);
});
// Same keep-alive behaviour as Fastify's default (72 s), so connections are reused the same way.
server.keepAliveTimeout = 72_000;
server.listen(Number(portArg), '127.0.0.1');

const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
