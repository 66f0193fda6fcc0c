import { HttpError } from './http';

/** Largest id the server accepts (PostgreSQL integer); anything else in the URL cannot name a record. */
const MAX_ID = 2_147_483_647;

/** The numeric id of a detail route (/valves/12), or null when the URL cannot name a record at all. */
export function parseRouteId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= MAX_ID ? id : null;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}
