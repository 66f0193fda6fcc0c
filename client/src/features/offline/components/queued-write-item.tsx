import { TEXTS } from '@common/texts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import type { PendingWrite } from '@/lib/offline/offline-db';
import { describeRefusal, describeWrite, type KeptNames } from '@/lib/offline/pending-changes';
import { removeWrite, retryWrite } from '@/lib/offline/write-queue';

/** One queued change; a refused one shows the server's reason and lets the user correct, retry or discard it. */
export function QueuedWriteItem({ write, names }: { write: PendingWrite; names?: KeptNames }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => prettyBody(write.body));
  const [draftError, setDraftError] = useState<string | null>(null);
  const id = write.id ?? 0;

  const saveAndRetry = async () => {
    try {
      await retryWrite(id, JSON.parse(draft));
      setEditing(false);
    } catch {
      setDraftError('This is not valid JSON. Check brackets, quotes and commas.');
    }
  };

  return (
    <li className="space-y-2 px-4 py-3">
      <p className="text-base font-semibold break-words text-slate-900">{describeWrite(write, names)}</p>
      <p className="text-sm text-slate-600">Made {formatDateTime(new Date(write.timestamp).toISOString())}</p>
      {write.attention && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-base text-red-900">
          <span className="font-semibold">Refused:</span> {describeRefusal(write.attention.message)}
        </p>
      )}
      {editing && (
        <div className="space-y-1">
          <textarea
            aria-label="Change to send"
            className="min-h-40 w-full rounded-lg border border-slate-300 p-2 font-mono text-sm"
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setDraftError(null);
            }}
          />
          {draftError && <p className="text-sm text-red-800">{draftError}</p>}
        </div>
      )}
      {write.attention && (
        <div className="flex flex-wrap gap-2">
          {editing ? (
            <Button size="sm" onClick={saveAndRetry}>
              {TEXTS.offline.retry}
            </Button>
          ) : (
            <>
              <Button size="sm" onClick={() => retryWrite(id)}>
                {TEXTS.offline.retry}
              </Button>
              {write.body !== null && (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  {TEXTS.offline.edit}
                </Button>
              )}
            </>
          )}
          <Button
            size="sm"
            variant="danger"
            onClick={() => {
              if (window.confirm('Discard this change? It will never reach the server.')) void removeWrite(id);
            }}
          >
            {TEXTS.offline.discard}
          </Button>
        </div>
      )}
    </li>
  );
}

function prettyBody(body: string | null): string {
  if (body === null) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
