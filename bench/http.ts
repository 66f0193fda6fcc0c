/** HTTP chores around the measurements: signing in, and capturing real responses for the floor server. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PASSWORD, DEMO_ROLE_ACCOUNTS } from '../server/src/demo/accounts';
import { OTHER_ORGANIZATION_USERS } from '../server/src/demo/catalog';
import type { FloorManifest } from './floor-server';
import type { PlannedRequest } from './load';

/**
 * The demo supervisor: sees every plant of the first organization (no plant limit), so the list is the whole
 * plant. Both the demo load and the seed CLI create this account.
 */
const account = DEMO_ROLE_ACCOUNTS.find((u) => u.role === 'supervisor');

/** Signs in once; returns the request headers (the session cookie) every measured request carries. */
export async function signIn(baseUrl: string): Promise<Record<string, string>> {
  if (!account) throw new Error('no demo supervisor account in server/src/demo/catalog.ts');
  return signInAs(baseUrl, account.email);
}

/**
 * The demo's second organization: the benchmark's writes land there, so the first organization's lists (which
 * the reads and the floor's fixed copies serve) keep their size through the run.
 */
export async function signInElsewhere(baseUrl: string): Promise<Record<string, string>> {
  const other = OTHER_ORGANIZATION_USERS[0];
  if (!other) throw new Error('no second demo organization in server/src/demo/catalog.ts');
  return signInAs(baseUrl, other.email);
}

/** Signs a demo account in; returns the request headers (its session cookie). */
export async function signInAs(baseUrl: string, email: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-in set no session cookie');
  return { cookie };
}

/**
 * Headers that describe the connection or the moment rather than the response; Node's http server writes
 * its own. Everything else (content-type, helmet's security headers, ...) the floor repeats byte for byte.
 */
const notCopied = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'set-cookie']);

export async function fetchBody(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${body.toString().slice(0, 200)}`);
  const copied: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!notCopied.has(name)) copied[name] = value;
  });
  return { body, headers: copied };
}

/** Sends one planned write for real; its answer is what the floor repeats for every write to that path. */
export async function sendWrite(baseUrl: string, write: PlannedRequest) {
  if (write.method === 'GET') throw new Error('sendWrite takes a write');
  const response = await fetch(`${baseUrl}${write.path}`, {
    method: write.method,
    headers: write.headers(),
    body: write.body(),
  });
  const body = Buffer.from(await response.arrayBuffer());
  const copied: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!notCopied.has(name)) copied[name] = value;
  });
  return { status: response.status, body, headers: copied };
}

/**
 * Captures the real responses once (reads, and one of each write) and writes them where the floor server reads
 * them; returns the manifest.
 */
export async function captureForFloor(
  baseUrl: string,
  paths: string[],
  requestHeaders: Record<string, string>,
  folder: string,
  writes: PlannedRequest[] = [],
): Promise<string> {
  await mkdir(folder, { recursive: true });
  const manifest: FloorManifest = { routes: {} };
  for (const [i, urlPath] of paths.entries()) {
    const { body, headers } = await fetchBody(`${baseUrl}${urlPath}`, requestHeaders);
    const file = `body-${i}.bin`;
    await writeFile(path.join(folder, file), body);
    manifest.routes[urlPath] = { file, headers };
  }
  for (const [i, write] of writes.entries()) {
    const key = `${write.method} ${write.path}`;
    if (manifest.routes[key]) continue;
    const { status, body, headers } = await sendWrite(baseUrl, write);
    if (status >= 300) throw new Error(`${key} answered ${status}: ${body.toString().slice(0, 200)}`);
    const file = `write-${i}.bin`;
    await writeFile(path.join(folder, file), body);
    manifest.routes[key] = { file, headers, status };
  }
  const manifestPath = path.join(folder, 'manifest.json');
  await writeFile(manifestPath, JSON.stringify(manifest));
  return manifestPath;
}
