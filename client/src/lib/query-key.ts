/**
 * Spec §7: a read GETs the path formed by joining its query key's segments with '/'.
 * Query parameters ride in a final plain-object segment, e.g. ['/api/valves', { plant: 'Gas Plant B', limit: 50 }].
 */

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

function isParams(segment: unknown): segment is QueryParams {
  return typeof segment === 'object' && segment !== null && !Array.isArray(segment);
}

/** Spec §5: a filter set to 'all' is left out of the request, as is anything unset. */
export function toQueryString(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === 'all') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function queryKeyToPath(queryKey: readonly unknown[]): string {
  const last = queryKey[queryKey.length - 1];
  const params = isParams(last) ? last : undefined;
  const segments = params ? queryKey.slice(0, -1) : queryKey;
  // The first segment is the endpoint path itself; later ones are ids and must not smuggle in '/' or '?'.
  const path = segments
    .map((segment, index) => (index === 0 ? String(segment) : encodeURIComponent(String(segment))))
    .join('/');
  return params ? path + toQueryString(params) : path;
}
