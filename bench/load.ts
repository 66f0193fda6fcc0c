/**
 * The load generator: autocannon, in this process, single-threaded (no workers) so it takes one of the
 * machine's two cores and leaves the other to the server being measured.
 */
import autocannon from 'autocannon';

export type LoadSettings = { connections: number; durationS: number; warmupS: number; timeoutS: number };

export type Measurement = {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requestsPerS: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
  /** Seconds the target needed after the run to finish the requests autocannon had abandoned. */
  drainS: number;
};

/**
 * Up to `count` ids spread evenly over the whole range (first, last and in between), so a run touches old and
 * new valves alike instead of one hot row the caches love.
 */
export function spreadIds(ids: number[], count: number): number[] {
  if (ids.length <= count) return [...ids];
  const step = (ids.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => ids[Math.round(i * step)]);
}

/** One request of a run: a read of a path, or a write whose body and headers are made fresh each time. */
export type PlannedRequest =
  | { method: 'GET'; path: string }
  | { method: 'POST'; path: string; body: () => string; headers: () => Record<string, string> };

export const reads = (paths: string[]): PlannedRequest[] => paths.map((path) => ({ method: 'GET', path }));

/**
 * One autocannon run. Every request takes the next planned request from a shared counter (setupRequest), so
 * the connections together cycle through the whole plan rather than each starting on the first.
 */
async function fire(
  baseUrl: string,
  plan: PlannedRequest[],
  headers: Record<string, string>,
  connections: number,
  durationS: number,
  timeoutS: number,
) {
  let next = 0;
  return autocannon({
    url: baseUrl,
    connections,
    duration: durationS,
    timeout: timeoutS,
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const planned = plan[next++ % plan.length];
          if (planned.method === 'GET') return { ...request, path: planned.path };
          return { ...request, method: 'POST', path: planned.path, body: planned.body(), headers: planned.headers() };
        },
      },
    ],
  });
}

/**
 * Warm-up (JIT, connection pools, database caches; results thrown away), then the measured run. `headers`
 * (the session cookie) go to the floor too, so both parse the same requests. `settle` waits until the target
 * is idle: before each run, so leftovers of the last one do not slow it, and after, to time those leftovers.
 */
export async function measure(
  baseUrl: string,
  plan: PlannedRequest[],
  headers: Record<string, string>,
  settings: LoadSettings,
  settle: () => Promise<number>,
): Promise<Measurement> {
  const { connections, durationS, warmupS, timeoutS } = settings;
  await settle();
  if (warmupS > 0) {
    await fire(baseUrl, plan, headers, Math.min(10, connections), warmupS, timeoutS);
    await settle();
  }
  const result = await fire(baseUrl, plan, headers, connections, durationS, timeoutS);
  const drainS = (await settle()) / 1000;
  const responses = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requestsPerS: result.requests.average,
    total: responses,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: responses > 0 ? result.throughput.total / responses : 0,
    drainS,
  };
}
