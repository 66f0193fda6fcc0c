import { type APIRequestContext, expect } from '@playwright/test';
import type { ValveLookup } from '../../common/schemas/valves';
import type { WorkOrderDetail } from '../../common/schemas/work-orders';
import { getJson } from './api';

async function send<T>(request: APIRequestContext, method: 'post' | 'patch', path: string, data: unknown) {
  const response = await request[method](path, { data });
  expect(response.ok(), `${method.toUpperCase()} ${path} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  return (await response.json()) as T;
}

/** A low-priority corrective order on the valve, started, so it can be completed (no sign-off asked). */
export async function startedOrder(request: APIRequestContext, valveId: number, title: string) {
  const created = await send<WorkOrderDetail>(request, 'post', '/api/work-orders', { valveId, title, priority: 'low' });
  return send<WorkOrderDetail>(request, 'post', `/api/work-orders/${created.id}/status`, {
    version: created.version,
    status: 'in_progress',
  });
}

/**
 * A failure recorded as a completion records it: an order on the valve completed with the mode and a downtime
 * period `hoursAgo` back, so the reliability figures have something to count.
 */
export async function recordFailure(request: APIRequestContext, valveId: number, mode: string, hoursAgo: number) {
  const order = await startedOrder(request, valveId, `E2E failure ${mode}`);
  const at = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  return send<WorkOrderDetail>(request, 'post', `/api/work-orders/${order.id}/status`, {
    version: order.version,
    status: 'completed',
    maintenanceType: 'corrective',
    findings: 'Seat passing',
    actionsPerformed: 'Lapped the seat',
    failure: { mode, failedAt: at(hoursAgo + 1) },
    downtime: [{ startedAt: at(hoursAgo), endedAt: at(hoursAgo - 2), reason: 'Isolated for repair' }],
  });
}

/** A demo valve's record id by its tag (the spec's five sample tags are always there). */
export async function valveByTag(request: APIRequestContext, tag: string) {
  return (await getJson<ValveLookup>(request, `/api/valves/valve-id/${tag}`)).id;
}

/** A datetime-local value `hours` before now in the browser's zone (the tests run in the same one as the browser). */
export function localInputHoursAgo(hours: number) {
  const d = new Date(Date.now() - hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
