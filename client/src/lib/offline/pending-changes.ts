import type { OfflinePhoto, PendingWrite } from './offline-db';

/**
 * What the queue says will exist once it has synced, for screens to show at once as "pending sync" (spec §4):
 * the server has not seen these yet, so they have no ids; each is keyed by its queue entry. Writes the server
 * refused are not pending: they wait on /offline.
 */

export type PendingWorkOrder = {
  key: number;
  title: string;
  priority: string;
  valveId: number | null;
  timestamp: number;
};

export type PendingNote = { key: number; text: string; timestamp: number };

export type PendingPhoto = { key: number; photo: OfflinePhoto; timestamp: number };

export const waiting = (queue: PendingWrite[]) => queue.filter((w) => !w.attention && w.id !== undefined);

export function parseBody(write: PendingWrite): Record<string, unknown> {
  if (write.body === null) return {};
  try {
    const body: unknown = JSON.parse(write.body);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function pendingWorkOrders(queue: PendingWrite[]): PendingWorkOrder[] {
  return waiting(queue)
    .filter((w) => w.method === 'POST' && w.url === '/api/work-orders')
    .map((w) => {
      const body = parseBody(w);
      return {
        key: w.id as number,
        title: typeof body.title === 'string' ? body.title : '',
        priority: typeof body.priority === 'string' ? body.priority : 'medium',
        valveId: typeof body.valveId === 'number' ? body.valveId : null,
        timestamp: w.timestamp,
      };
    })
    .reverse();
}

export function pendingNotes(queue: PendingWrite[], workOrderId: number): PendingNote[] {
  const url = `/api/work-orders/${workOrderId}/notes`;
  return waiting(queue)
    .filter((w) => w.method === 'POST' && w.url === url)
    .map((w) => {
      const text = parseBody(w).text;
      return { key: w.id as number, text: typeof text === 'string' ? text : '', timestamp: w.timestamp };
    });
}

/** Photo uploads of one valve or work order, with their stored files (looked up in the photos store). */
export function pendingPhotos(
  queue: PendingWrite[],
  photos: ReadonlyMap<string, OfflinePhoto>,
  owner: { valveId: number } | { workOrderId: number },
): PendingPhoto[] {
  const [field, id] = 'valveId' in owner ? ['valveId', owner.valveId] : ['workOrderId', owner.workOrderId];
  return waiting(queue).flatMap((w) => {
    const photo = w.photoId ? photos.get(w.photoId) : undefined;
    return photo && photo.fields[field] === String(id) ? [{ key: w.id as number, photo, timestamp: w.timestamp }] : [];
  });
}

/**
 * A valve's tag ('V-001-BV') from whatever reads the app holds: a valve detail, a list of valves, or a page of
 * them ({ items } or { valves }). Null when none of them knows the valve.
 */
export function valveTagIn(answers: unknown[], valveId: number): string | null {
  const tagOf = (candidate: unknown): string | null => {
    const valve = candidate as { id?: unknown; valveId?: unknown } | null;
    return valve && valve.id === valveId && typeof valve.valveId === 'string' ? valve.valveId : null;
  };
  for (const answer of answers) {
    const lists = Array.isArray(answer)
      ? [answer]
      : [answer, (answer as { items?: unknown })?.items, (answer as { valves?: unknown })?.valves];
    for (const list of lists) {
      if (Array.isArray(list)) {
        for (const item of list) {
          const tag = tagOf(item);
          if (tag) return tag;
        }
      } else {
        const tag = tagOf(list);
        if (tag) return tag;
      }
    }
  }
  return null;
}

/**
 * Valve tags, work order numbers and a work order's part lines ('T-PK-100 Packing set') by database id, from what
 * is kept on the device: the names people know.
 */
export type KeptNames = {
  valves: ReadonlyMap<number, string>;
  workOrders: ReadonlyMap<number, string>;
  partLines?: ReadonlyMap<number, string>;
};
const NO_NAMES: KeptNames = { valves: new Map(), workOrders: new Map() };

/** One line of the list, not a page: a longer text is cut at 80 characters. */
const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

type Label = [RegExp, (id: string, names: KeptNames, match: RegExpExecArray, body: Record<string, unknown>) => string];
/** 'valve V-031-BV', or 'a valve' when the device does not know its tag. */
const named = (kind: string, name: string | undefined) => (name ? `${kind} ${name}` : `a ${kind}`);
const valveName = (id: string, names: KeptNames) => named('valve', names.valves.get(Number(id)));
const orderName = (id: string, names: KeptNames) => named('work order', names.workOrders.get(Number(id)));
const WRITE_LABELS: Label[] = [
  [/^POST \/api\/work-orders$/, () => 'New work order'],
  [/^PATCH \/api\/work-orders\/(\d+)$/, (id, n) => `Edit of ${orderName(id, n)}`],
  [/^POST \/api\/work-orders\/(\d+)\/notes$/, (id, n) => `Note on ${orderName(id, n)}`],
  [/^POST \/api\/work-orders\/(\d+)\/status$/, (id, n) => `Status change of ${orderName(id, n)}`],
  [/^POST \/api\/valves$/, () => 'New valve'],
  [/^PATCH \/api\/valves\/(\d+)$/, (id, n) => `Edit of ${valveName(id, n)}`],
  [/^POST \/api\/valves\/(\d+)\/decommission$/, (id, n) => `Decommissioning of ${valveName(id, n)}`],
  [/^POST \/api\/maintenance-records$/, () => 'Maintenance record'],
  [/^POST \/api\/photos$/, () => 'Photo'],
  [/^POST \/api\/work-orders\/(\d+)\/parts$/, (id, n) => `Part reserved on ${orderName(id, n)}`],
  [
    /^POST \/api\/work-orders\/(\d+)\/parts\/(\d+)\/(issue|return)$/,
    (id, n, match, body) => {
      const part = n.partLines?.get(Number(match[2])) ?? 'a part';
      const what = typeof body.quantity === 'number' ? `${body.quantity} × ${part}` : part;
      return `${match[3] === 'issue' ? 'Issued' : 'Returned'} on ${orderName(id, n)}: ${what}`;
    },
  ],
  [
    /^POST \/api\/work-orders\/(\d+)\/labor$/,
    (id, n, _m, body) =>
      `Hours on ${orderName(id, n)}${typeof body.minutes === 'number' ? `: ${body.minutes} min` : ''}`,
  ],
  [/^POST \/api\/work-orders\/(\d+)\/labor\/timer$/, (id, n) => `Timer started on ${orderName(id, n)}`],
  [/^POST \/api\/work-orders\/(\d+)\/labor\/timer\/stop$/, (id, n) => `Timer stopped on ${orderName(id, n)}`],
  [
    /^POST \/api\/work-orders\/(\d+)\/downtime$/,
    (id, n, _m, body) =>
      `Downtime on ${orderName(id, n)}${typeof body.reason === 'string' && body.reason.trim() ? `: ${short(body.reason)}` : ''}`,
  ],
];

/**
 * What a queued write is, in the technician's words: 'New work order: Replace gasket', 'Note on work order
 * WO-2026-0064'. Never an API path or a database id (issue 17 item 18): an unknown change is 'A change'.
 */
export function describeWrite(write: Pick<PendingWrite, 'method' | 'url' | 'body'>, names = NO_NAMES): string {
  const request = `${write.method} ${write.url}`;
  const match = WRITE_LABELS.map(([pattern, name]) => [pattern.exec(request), name] as const).find(([m]) => m);
  const body = parseBody(write as PendingWrite);
  const label = match?.[0] ? match[1](match[0][1], names, match[0], body) : 'A change';
  const valveOfBody = typeof body.valveId === 'number' ? names.valves.get(body.valveId) : body.valveId;
  const detail = [body.title, body.text, valveOfBody].find(
    (value) => typeof value === 'string' && value.trim() !== '',
  ) as string | undefined;
  return detail ? `${label}: ${short(detail)}` : label;
}

/** A refusal in words people use: a browser's "Failed to fetch" means there was no connection. */
export function describeRefusal(message: string): string {
  return /failed to fetch|networkerror|load failed|network request failed/i.test(message) ? 'No connection' : message;
}
