import { MAX_ID } from '@common/constants';
import { HttpError } from './http';

/**
 * The numeric id of a detail route (/valves/12), or null when the URL cannot name a record at all: digits only,
 * 1 to the largest id the server accepts (MAX_ID, PostgreSQL's integer).
 */
export function parseRouteId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= MAX_ID ? id : null;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}
