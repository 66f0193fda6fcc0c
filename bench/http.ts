/** HTTP chores around the measurements: signing in, and capturing real responses for the floor server. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PASSWORD, DEMO_ROLE_ACCOUNTS } from '../server/src/db/demo/accounts';
import type { FloorManifest } from './floor-server';

/**
 * The demo supervisor: sees every plant of the first organization (no plant limit), so the list is the whole
 * plant. Both the demo load and the seed CLI create this account.
 */
const account = DEMO_ROLE_ACCOUNTS.find((u) => u.role === 'supervisor');

/** Signs in once; returns the request headers (the session cookie) every measured request carries. */
export async function signIn(baseUrl: string): Promise<Record<string, string>> {
  if (!account) throw new Error('no demo supervisor account in server/src/db/demo/catalog.ts');
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }),
  });
  if (!response.ok)
    throw new Error(`sign-in as ${account.email} answered ${response.status}: ${await response.text()}`);
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

/** Captures the real responses once and writes them where the floor server reads them; returns the manifest. */
export async function captureForFloor(
  baseUrl: string,
  paths: string[],
  requestHeaders: Record<string, string>,
  folder: string,
): Promise<string> {
  await mkdir(folder, { recursive: true });
  const manifest: FloorManifest = { routes: {} };
  for (const [i, urlPath] of paths.entries()) {
    const { body, headers } = await fetchBody(`${baseUrl}${urlPath}`, requestHeaders);
    const file = `body-${i}.bin`;
    await writeFile(path.join(folder, file), body);
    manifest.routes[urlPath] = { file, headers };
  }
  const manifestPath = path.join(folder, 'manifest.json');
  await writeFile(manifestPath, JSON.stringify(manifest));
  return manifestPath;
}
