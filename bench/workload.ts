/**
 * The mixed workload of a plant shift: list and detail reads, work order writes (as the offline queue replays
 * them, each with its own Idempotency-Key) and sensor readings arriving in batches. Built against a running
 * demo server; endpoints the server does not have yet are left out with a note, never faked.
 */
import { fetchBody, sendWrite, signInElsewhere } from './http';
import { type PlannedRequest, spreadIds } from './load';

/** Readings per POST /api/sensor-readings: a minute of a historian export for a handful of valves. */
export const READINGS_PER_BATCH = 100;
const SENSOR_TYPES = ['temperature', 'pressure', 'vibration'] as const;
const SENSOR_VALUES = { temperature: [150, 50], pressure: [100, 200], vibration: [1, 3] } as const;

/** Out of 20 requests: what a shift's traffic looks like (reads dominate; writes are a quarter). */
const MIX: { kind: Kind; count: number }[] = [
  { kind: 'valveDetail', count: 6 },
  { kind: 'valveList', count: 2 },
  { kind: 'workOrderList', count: 3 },
  { kind: 'workOrderDetail', count: 4 },
  { kind: 'workOrderWrite', count: 3 },
  { kind: 'readingsBatch', count: 2 },
];
type Kind = 'valveDetail' | 'valveList' | 'workOrderList' | 'workOrderDetail' | 'workOrderWrite' | 'readingsBatch';

export type WorkloadEndpoint = {
  method: 'GET' | 'POST';
  endpoint: string;
  plan: PlannedRequest[];
};

export type Workload = {
  /** Endpoints measured one at a time (beyond the valve list and detail the bench always measures). */
  endpoints: WorkloadEndpoint[];
  /** The mixed plan the connections cycle through. */
  mixed: PlannedRequest[];
  /** Paths of every read in the plans: the floor serves captured copies of these. */
  readPaths: string[];
  /** One of each write, for the floor to capture. */
  writes: PlannedRequest[];
  notes: string[];
  /** Description of the mix, for the printout. */
  description: string;
};

let sequence = 0;
const runId = Date.now().toString(36);

function workOrderWrite(cookie: Record<string, string>, valveId: number): PlannedRequest {
  const body = JSON.stringify({
    valveId,
    title: 'Bench: quarterly inspection',
    description: 'Written by npm run bench',
    priority: 'medium',
  });
  return {
    method: 'POST',
    path: '/api/work-orders',
    body: () => body,
    headers: () => ({
      ...cookie,
      'content-type': 'application/json',
      'idempotency-key': `bench-${runId}-${sequence++}`,
    }),
  };
}

function readingsWrite(cookie: Record<string, string>, tags: string[]): PlannedRequest {
  return {
    method: 'POST',
    path: '/api/sensor-readings',
    // Every batch carries new readings (older and older seconds), so each one is inserted, not skipped as a replay.
    body: () => {
      const batch = sequence++;
      const newest = Date.now() - 60_000;
      const readings = [];
      for (let i = 0; i < READINGS_PER_BATCH; i++) {
        const sensorType = SENSOR_TYPES[i % SENSOR_TYPES.length];
        const [base, spread] = SENSOR_VALUES[sensorType];
        readings.push({
          valveId: tags[i % tags.length],
          timestamp: new Date(newest - (batch * READINGS_PER_BATCH + i) * 1000).toISOString(),
          sensorType,
          value: Math.round((base + (((batch * 7 + i * 13) % 100) / 100) * spread) * 100) / 100,
        });
      }
      return JSON.stringify({ readings });
    },
    headers: () => ({ ...cookie, 'content-type': 'application/json' }),
  };
}

/** Sends one write to see whether the server has the endpoint; a note says why it is left out otherwise. */
async function probeWrite(baseUrl: string, write: PlannedRequest, what: string): Promise<string | null> {
  const { status, body } = await sendWrite(baseUrl, write);
  if (status < 300) return null;
  const text = body.toString().slice(0, 160);
  if (status === 404) return `${what}: ${write.method} ${write.path} answered 404 (not in this server yet); skipped`;
  return `${what}: ${write.method} ${write.path} answered ${status} (${text}); skipped`;
}

export async function prepareWorkload(
  baseUrl: string,
  headers: Record<string, string>,
  valveIds: number[],
): Promise<Workload> {
  const notes: string[] = [];
  const writer = await signInElsewhere(baseUrl);
  const theirValves = JSON.parse((await fetchBody(`${baseUrl}/api/valves`, writer)).body.toString()) as {
    id: number;
    valveId: string;
  }[];
  if (theirValves.length === 0) throw new Error('the second demo organization has no valves to write against');
  const orders = JSON.parse((await fetchBody(`${baseUrl}/api/work-orders`, headers)).body.toString()) as {
    id: number;
  }[];

  const paths: Record<Kind, PlannedRequest[]> = {
    valveDetail: spreadIds(valveIds, 50).map((id) => ({ method: 'GET', path: `/api/valves/${id}` })),
    valveList: [{ method: 'GET', path: '/api/valves' }],
    workOrderList: [{ method: 'GET', path: '/api/work-orders' }],
    workOrderDetail: spreadIds(
      orders.map((o) => o.id),
      50,
    ).map((id) => ({ method: 'GET', path: `/api/work-orders/${id}` })),
    workOrderWrite: [workOrderWrite(writer, theirValves[0].id)],
    readingsBatch: [
      readingsWrite(
        writer,
        theirValves.map((v) => v.valveId),
      ),
    ],
  };

  const writeNote = await probeWrite(baseUrl, paths.workOrderWrite[0], 'work order writes');
  if (writeNote) throw new Error(writeNote);
  const readingsNote = await probeWrite(baseUrl, paths.readingsBatch[0], 'readings batch');
  if (readingsNote) notes.push(readingsNote);

  const endpoints: WorkloadEndpoint[] = [
    { method: 'GET', endpoint: '/api/work-orders', plan: paths.workOrderList },
    { method: 'GET', endpoint: '/api/work-orders/:id', plan: paths.workOrderDetail },
    { method: 'POST', endpoint: '/api/work-orders', plan: paths.workOrderWrite },
  ];
  if (!readingsNote) endpoints.push({ method: 'POST', endpoint: '/api/sensor-readings', plan: paths.readingsBatch });
  const analytics = await fetch(`${baseUrl}/api/analytics/dashboard`, { headers });
  await analytics.arrayBuffer();
  if (analytics.ok) {
    endpoints.push({
      method: 'GET',
      endpoint: '/api/analytics/dashboard',
      plan: [{ method: 'GET', path: '/api/analytics/dashboard' }],
    });
  } else {
    notes.push(`analytics dashboard: GET /api/analytics/dashboard answered ${analytics.status}; skipped`);
  }

  // Without the readings endpoint, its share goes to valve detail reads, so the mix stays 20 requests long.
  const mix = MIX.map(({ kind, count }) =>
    kind === 'readingsBatch' && readingsNote ? { kind: 'valveDetail' as const, count } : { kind, count },
  );
  const mixed: PlannedRequest[] = [];
  const cursor: Record<Kind, number> = {
    valveDetail: 0,
    valveList: 0,
    workOrderList: 0,
    workOrderDetail: 0,
    workOrderWrite: 0,
    readingsBatch: 0,
  };
  // Interleaved rather than grouped, so every moment of the run sees the same mix.
  for (let round = 0; round < 50; round++) {
    for (let slot = 0; slot < 6; slot++) {
      for (const { kind, count } of mix) {
        if (slot >= count) continue;
        const list = paths[kind];
        mixed.push(list[cursor[kind]++ % list.length]);
      }
    }
  }
  const described = mix.reduce<Record<string, number>>((acc, { kind, count }) => {
    acc[kind] = (acc[kind] ?? 0) + count;
    return acc;
  }, {});
  const description = Object.entries(described)
    .map(([kind, count]) => `${count * 5}% ${kind}`)
    .join(', ');

  const readPaths = [...new Set(mixed.filter((r) => r.method === 'GET').map((r) => r.path))];
  for (const e of endpoints)
    for (const r of e.plan) if (r.method === 'GET' && !readPaths.includes(r.path)) readPaths.push(r.path);
  const writes = [paths.workOrderWrite[0], ...(readingsNote ? [] : paths.readingsBatch)];
  return { endpoints, mixed, readPaths, writes, notes, description };
}
