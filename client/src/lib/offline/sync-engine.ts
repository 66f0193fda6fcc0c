import type { PendingWrite } from './offline-db';
import { listQueue, markNeedsAttention, photoOf, removeWrite } from './write-queue';

/** Answers that will be the same on every replay: the write needs a person, not another try. */
const PERMANENT = new Set([400, 403, 404, 409, 422]);

export type SyncResult = {
  sent: number;
  needsAttention: number;
  /** Why the round stopped early, leaving writes queued for the next one. */
  stoppedBy: 'network' | 'server' | 'signed-out' | null;
};

let running: Promise<SyncResult> | null = null;

/**
 * Replays the queue in order (spec §4): an ok answer removes the write; a permanent refusal moves it to needs
 * attention; a network failure, a server error or an expired session stop the round and keep everything that is
 * left for the next one. Only one round runs at a time.
 */
export function syncQueue(send: (request: Request) => Promise<Response> = fetch): Promise<SyncResult> {
  running ??= replay(send).finally(() => {
    running = null;
  });
  return running;
}

async function replay(send: (request: Request) => Promise<Response>): Promise<SyncResult> {
  const result: SyncResult = { sent: 0, needsAttention: 0, stoppedBy: null };
  for (const write of await listQueue()) {
    if (write.attention || write.id === undefined) continue;
    let response: Response;
    try {
      response = await send(await toRequest(write));
    } catch (error) {
      console.warn('sync stopped: the server cannot be reached', error);
      result.stoppedBy = 'network';
      break;
    }
    if (response.ok) {
      await removeWrite(write.id);
      result.sent++;
    } else if (PERMANENT.has(response.status)) {
      await markNeedsAttention(write.id, response.status, await refusal(response));
      result.needsAttention++;
    } else {
      console.warn(`sync stopped: ${write.method} ${write.url} answered ${response.status}`);
      result.stoppedBy = response.status === 401 ? 'signed-out' : 'server';
      break;
    }
  }
  return result;
}

async function toRequest(write: PendingWrite): Promise<Request> {
  const init: RequestInit = { method: write.method, headers: write.headers, credentials: 'include' };
  const photo = await photoOf(write);
  if (photo) {
    const form = new FormData();
    for (const [name, value] of Object.entries(photo.fields)) form.append(name, value);
    form.append('photo', photo.blob, photo.fileName);
    init.body = form;
  } else if (write.body !== null) {
    init.body = write.body;
  }
  return new Request(new URL(write.url, globalThis.location?.origin ?? 'http://localhost'), init);
}

/** The server's own sentence, for the needs-attention list. */
async function refusal(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text || response.statusText || `HTTP ${response.status}`;
}
