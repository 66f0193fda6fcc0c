import type { ReliefTag } from '@common/schemas/relief-valves';
import type { ValvePage, ValveSummary } from '@common/schemas/valves';
import type { WorkOrderDetail, WorkOrderSummary } from '@common/schemas/work-orders';
import { figuresFromKeptCopy } from './kept-figures';
import { reliefSummaryOf, reliefTagsMatching } from './kept-relief';
import { CHANGES_PATH, type KeptIndex } from './offline-copy';

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

/** An area or system filter matches as the server's does: the whole name, in any case. */
const samePlace = (name: string, wanted: string | null) =>
  !wanted || name.toLowerCase() === wanted.trim().toLowerCase();

/**
 * The valve list's filters and paging (GET /api/valves?plant&area&system&type&status&q&limit&cursor) over the
 * kept list.
 */
export function pageOfValves(all: ValveSummary[], params: URLSearchParams): ValvePage | ValveSummary[] {
  const plant = params.get('plant');
  const area = params.get('area');
  const system = params.get('system');
  const type = params.get('type');
  const status = params.get('status');
  const q = params.get('q')?.trim();
  const cursor = Number(params.get('cursor') ?? 0);
  const matching = all
    .filter(
      (v) =>
        (!plant || v.plant === plant) &&
        samePlace(v.area, area) &&
        samePlace(v.system, system) &&
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

type Kept<T> = { data: T; timestamp: number };

/** Every kept record of one kind (`ids` of the kept plants' index), and the time of the oldest. */
async function keptRecords<T>(
  storedRead: StoredRead,
  idsOf: (copy: KeptIndex['plants'][string]) => number[],
  pathOf: (id: number) => string,
): Promise<Kept<T[]> | null> {
  const index = await storedRead<KeptIndex>(CHANGES_PATH);
  if (!index?.data.plants) return null;
  const rows = await Promise.all(
    Object.values(index.data.plants)
      .flatMap(idsOf)
      .map((id) => storedRead<T>(pathOf(id))),
  );
  const kept = rows.filter((row): row is Kept<T> => row !== null);
  return { data: kept.map((row) => row.data), timestamp: Math.min(index.timestamp, ...kept.map((r) => r.timestamp)) };
}

const keptReliefTags = (storedRead: StoredRead) =>
  keptRecords<ReliefTag>(
    storedRead,
    (copy) => copy.reliefTagIds ?? [],
    (id) => `/api/relief-valves/tags/${id}`,
  );

/** The dashboard's figures from the kept lists and work orders (kept-figures.ts). */
async function keptFigures(storedRead: StoredRead) {
  const orders = await storedRead<WorkOrderSummary[]>('/api/work-orders');
  const valves = await storedRead<ValveSummary[]>('/api/valves');
  if (!orders || !valves) return null;
  const details = await keptRecords<WorkOrderDetail>(
    storedRead,
    (copy) => copy.workOrderIds,
    (id) => `/api/work-orders/${id}`,
  );
  return {
    data: figuresFromKeptCopy(orders.data, valves.data, details?.data ?? []),
    timestamp: Math.min(orders.timestamp, valves.timestamp, details?.timestamp ?? Number.POSITIVE_INFINITY),
  };
}

/**
 * With no signal, a read the device never stored under its own path is answered from what it did keep: a search,
 * filter or page from the whole list, the relief valve due list and summary from the kept tags, the dashboard's
 * figures worked out from the kept lists. So search, every filter and the dashboard work offline. Null when
 * nothing fits.
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
  if (url.pathname === '/api/relief-valves/tags') {
    const tags = await keptReliefTags(storedRead);
    return tags && { data: reliefTagsMatching(tags.data, url.searchParams), timestamp: tags.timestamp };
  }
  if (url.pathname === '/api/relief-valves/summary') {
    const tags = await keptReliefTags(storedRead);
    return tags && { data: reliefSummaryOf(tags.data), timestamp: tags.timestamp };
  }
  if (url.pathname === '/api/dashboard/stats') return keptFigures(storedRead);
  return null;
}
