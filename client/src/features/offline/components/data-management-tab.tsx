import { TEXTS } from '@common/texts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cachedGet } from '@/lib/offline/cached-get';
import { formatAge } from '@/lib/offline/offline-answers';
import { describeKeptCopy } from '@/lib/offline/offline-copy';
import { preload } from '@/lib/offline/preload';
import { clearStoredReads, isStale } from '@/lib/offline/read-cache';
import { readSettings } from '@/lib/offline/settings';
import { toast } from '@/lib/toast';
import type { OfflinePanel } from '../use-offline-panel';
import { QueuedWriteItem } from './queued-write-item';

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/** Preload now, what is saved and how old, the queue and its needs-attention part, and clearing the cache. */
export function DataManagementTab({ panel }: { panel: OfflinePanel }) {
  const [loading, setLoading] = useState(false);
  const pending = panel.queue.filter((w) => !w.attention);
  const attention = panel.queue.filter((w) => w.attention);
  const kept = panel.kept;

  const preloadNow = async () => {
    setLoading(true);
    // Ask the browser not to clear the plant under pressure (spec §9); a refusal still leaves the copy usable.
    await navigator.storage?.persist?.().catch(() => false);
    await preload(
      (path) => cachedGet(path),
      { ...readSettings() },
      async () => {},
    );
    setLoading(false);
    panel.refresh();
    const kept = await describeKeptCopy();
    toast({
      title: 'Offline data ready',
      description: TEXTS.offline.keptSummary(kept.valves, kept.workOrders, megabytes(kept.bytes)),
    });
  };
  const clear = async () => {
    if (!window.confirm('Clear the data saved on this device? Changes waiting to sync are kept.')) return;
    await clearStoredReads();
    panel.refresh();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <Button onClick={preloadNow} disabled={loading || !navigator.onLine}>
          {loading ? 'Downloading…' : TEXTS.offline.preloadNow}
        </Button>
        <Button
          variant="outline"
          onClick={clear}
          disabled={!panel.kept || (panel.kept.valves === 0 && panel.kept.reads.length === 0)}
        >
          {TEXTS.offline.clearCache}
        </Button>
      </div>

      {attention.length > 0 && (
        <section aria-labelledby="attention-title" className="rounded-xl border-2 border-red-300 bg-white">
          <h2 id="attention-title" className="px-4 pt-3 text-lg font-bold text-red-900">
            {TEXTS.offline.attentionTitle} ({attention.length})
          </h2>
          <p className="px-4 text-sm text-slate-700">{TEXTS.offline.attentionHelp}</p>
          <ul className="divide-y divide-slate-200">
            {attention.map((write) => (
              <QueuedWriteItem key={write.id} write={write} names={kept?.names} />
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="queue-title" className="rounded-xl border border-slate-200 bg-white">
        <h2 id="queue-title" className="px-4 pt-3 text-lg font-bold text-slate-900">
          {TEXTS.offline.queueTitle} ({pending.length})
        </h2>
        {pending.length === 0 ? (
          <p className="px-4 py-3 text-slate-600">{TEXTS.offline.queueEmpty}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {pending.map((write) => (
              <QueuedWriteItem key={write.id} write={write} names={kept?.names} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="cached-title" className="rounded-xl border border-slate-200 bg-white">
        <h2 id="cached-title" className="px-4 pt-3 text-lg font-bold text-slate-900">
          {TEXTS.offline.cachedTitle}
        </h2>
        {!kept || (kept.valves === 0 && kept.reads.length === 0) ? (
          <p className="px-4 py-3 text-slate-600">{TEXTS.offline.nothingCached}</p>
        ) : (
          <>
            <p className="px-4 pt-1 text-base text-slate-900" data-testid="kept-summary">
              {TEXTS.offline.keptSummary(kept.valves, kept.workOrders, megabytes(kept.bytes))}
            </p>
            <ul className="divide-y divide-slate-200">
              {kept.plants.map(({ plant, valves }) => (
                <li key={plant} className="flex justify-between gap-3 px-4 py-2 text-sm">
                  <span className="text-slate-900">{plant}</span>
                  <span className="shrink-0 text-slate-600">
                    {valves} {valves === 1 ? 'valve' : 'valves'}
                  </span>
                </li>
              ))}
              {kept.reads.map((read) => (
                <li key={read.label} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                  <span className="break-words text-slate-900">{read.label}</span>
                  <span className={isStale(read.timestamp) ? 'shrink-0 text-amber-800' : 'shrink-0 text-slate-600'}>
                    {formatAge(read.timestamp)}
                    {isStale(read.timestamp) && ' (stale)'}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
