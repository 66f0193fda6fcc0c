import type { RouteOptions } from 'fastify';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A route that changes state: the hooks only writes need are attached to these routes alone. */
export function isWriteRoute(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((method) => WRITES.has(method));
}

type HookName = 'onRequest' | 'preValidation' | 'onSend';

/**
 * Adds a hook to one route, after any the route declares itself. An app-wide hook runs on every request, reads
 * included; a hook only writes need costs the reads nothing when it sits on the write routes.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const existing = route[name] as unknown;
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as Record<HookName, unknown>)[name] = [...hooks, hook];
}
