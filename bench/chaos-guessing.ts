/**
 * Password-guessing runs against the real server in a child process (issue 27, items 1 and 2), each guess from its
 * own client address (TRUST_PROXY, X-Forwarded-For), as an attacker with a pool of addresses would send them, so
 * only the per-account limit stands in the way:
 * - squatting: a squatter signs up with the demo engineer's address, then 36 wrong guesses at the engineer's
 *   password are interleaved with 4 sign-ins of the squatter's own; before the fix: 36 × 401, no 429.
 * - signature guessing: 30 wrong passwords to POST /api/signatures as the demo supervisor, then the right one, then
 *   a sign-in; before the fix: 30 × 403, then signed, then signed in.
 */
import { DEMO_PASSWORD } from '../server/src/demo/accounts';
import { type Storage, startAppServer, waitReady } from './servers';

export type GuessTally = {
  engine: Storage['kind'];
  run: 'squatting' | 'signature guessing';
  /** Status → how many wrong guesses got it. */
  guesses: Record<number, number>;
  /** What the other requests of the run got, in order (the squatter's sign-ins; the right password after). */
  others: number[];
  /** The guesses are refused with 429 past the limit and the right password is refused too. */
  held: boolean;
};

let client = 0;
const from = () => ({ 'x-forwarded-for': `198.18.${Math.floor(++client / 250) % 250}.${client % 250}` });

async function post(url: string, body: object, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from(), ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response;
}

function count(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

async function withServer<T>(storage: Storage, run: (url: string) => Promise<T>): Promise<T> {
  const server = await startAppServer(storage, true, { TRUST_PROXY: '127.0.0.1' });
  try {
    await waitReady(server, 180_000);
    return await run(server.url);
  } finally {
    await server.stop();
  }
}

export function squattingRun(storage: Storage): Promise<GuessTally> {
  return withServer(storage, async (url) => {
    const victim = 'engineer@northfield.example';
    const squatter = 'the squatter knows this one';
    await post(`${url}/api/auth/sign-up`, {
      organizationName: 'Squatters Ltd',
      name: 'S',
      email: victim,
      password: squatter,
    });
    const guesses: number[] = [];
    const others: number[] = [];
    for (let i = 0; i < 40; i++) {
      const password = i % 10 === 9 ? squatter : `guess ${i}`;
      const { status } = await post(`${url}/api/auth/sign-in`, { email: victim, password });
      (password === squatter ? others : guesses).push(status);
    }
    const right = (await post(`${url}/api/auth/sign-in`, { email: victim, password: DEMO_PASSWORD })).status;
    others.push(right);
    return {
      engine: storage.kind,
      run: 'squatting',
      guesses: count(guesses),
      others,
      held: guesses.at(-1) === 429 && right === 429 && !others.includes(200),
    };
  });
}

export function signatureGuessRun(storage: Storage): Promise<GuessTally> {
  return withServer(storage, async (url) => {
    const email = 'supervisor@northfield.example';
    const signedIn = await post(`${url}/api/auth/sign-in`, { email, password: DEMO_PASSWORD });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const valves = await (await fetch(`${url}/api/valves?limit=1`, { headers: { cookie } })).json();
    const valveId = (Array.isArray(valves) ? valves : valves.items)[0].id;
    const order = await (
      await fetch(`${url}/api/work-orders`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ valveId, title: 'Chaos: signature guessing' }),
      })
    ).json();
    const sign = (password: string) =>
      post(
        `${url}/api/signatures`,
        { entityType: 'work_order', entityId: order.id, meaning: 'reviewed', password },
        { cookie },
      ).then((r) => r.status);
    const guesses: number[] = [];
    for (let i = 0; i < 30; i++) guesses.push(await sign(`guess ${i}`));
    const others = [
      await sign(DEMO_PASSWORD),
      (await post(`${url}/api/auth/sign-in`, { email, password: DEMO_PASSWORD })).status,
    ];
    return {
      engine: storage.kind,
      run: 'signature guessing',
      guesses: count(guesses),
      others,
      held: guesses.at(-1) === 429 && others.every((s) => s === 429),
    };
  });
}

export const printGuessTally = (t: GuessTally) =>
  `${t.engine.padEnd(8)} ${t.run.padEnd(18)} wrong guesses ${Object.entries(t.guesses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ')}; then ${t.others.join(', ')}: ${t.held ? 'held' : 'NOT HELD'}`;
