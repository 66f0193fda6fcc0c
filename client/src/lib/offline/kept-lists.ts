import type { ValvePage, ValveSummary } from '@common/schemas/valves';
import type { WorkOrderSummary } from '@common/schemas/work-orders';

/** How a stored read is fetched (read-cache's storedRead, passed in: read-cache is what calls this). */
type StoredRead = <T>(path: string) => Promise<{ data: T; timestamp: number } | null>;

/** Lower case, accents gone: "Válvula" matches "valvula", as a gloved thumb types it. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Every word of the search must appear somewhere in the valve's ID, type, maker, model, plant, location or system. */
export function valveMatches(valve: ValveSummary, q: string): boolean {
  const words = fold(q).split(/\s+/).filter(Boolean);
  const haystack = fold(
    [valve.valveId, valve.type, valve.manufacturer, valve.model, valve.plant, valve.location, valve.system].join(' '),
  );
  return words.every((word) => haystack.includes(word));
}

/** The valve list's filters and paging (GET /api/valves?plant&type&status&q&limit&cursor) over the kept list. */
export function pageOfValves(all: ValveSummary[], params: URLSearchParams): ValvePage | ValveSummary[] {
  const plant = params.get('plant');
  const type = params.get('type');
  const status = params.get('status');
  const q = params.get('q')?.trim();
  const cursor = Number(params.get('cursor') ?? 0);
  const matching = all
    .filter(
      (v) =>
        (!plant || v.plant === plant) &&
        (!type || v.type === type) &&
        (!status || v.status === status) &&
        (!q || valveMatches(v, q)),
    )
    .sort((a, b) => a.id - b.id);
  const limit = params.get('limit');
  if (limit === null) return matching;
  const after = matching.filter((v) => v.id > cursor);
  const items = after.slice(0, Number(limit));
  return { items, nextCursor: after.length > items.length ? items[items.length - 1].id : null };
}

/**
 * With no signal, a list read the device never stored under its own path (a search, a filter, a page) is answered
 * from the whole list it did store, so search and every filter work offline. Undefined when nothing fits.
 */
export async function answerFromKeptLists(
  path: string,
  storedRead: StoredRead,
): Promise<{ data: unknown; timestamp: number } | null> {
  const url = new URL(path, 'http://device');
  if (url.pathname === '/api/valves') {
    const all = await storedRead<ValveSummary[]>('/api/valves');
    return all && { data: pageOfValves(all.data, url.searchParams), timestamp: all.timestamp };
  }
  if (url.pathname === '/api/work-orders') {
    const all = await storedRead<WorkOrderSummary[]>('/api/work-orders');
    const limit = url.searchParams.get('limit');
    return all && { data: limit === null ? all.data : all.data.slice(0, Number(limit)), timestamp: all.timestamp };
  }
  return null;
}
