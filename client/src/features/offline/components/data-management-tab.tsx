import { TEXTS } from '@common/texts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cachedGet } from '@/lib/offline/cached-get';
import { preload } from '@/lib/offline/preload';
import { clearStoredReads, isStale } from '@/lib/offline/read-cache';
import { readSettings } from '@/lib/offline/settings';
import { toast } from '@/lib/toast';
import type { OfflinePanel } from '../use-offline-panel';
import { QueuedWriteItem } from './queued-write-item';

const age = (timestamp: number) => {
  const minutes = Math.round((Date.now() - timestamp) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
};

/** Preload now, what is saved and how old, the queue and its needs-attention part, and clearing the cache. */
export function DataManagementTab({ panel }: { panel: OfflinePanel }) {
  const [loading, setLoading] = useState(false);
  const pending = panel.queue.filter((w) => !w.attention);
  const attention = panel.queue.filter((w) => w.attention);

  const preloadNow = async () => {
    setLoading(true);
    await preload(
      (path) => cachedGet(path),
      { ...readSettings() },
      async () => {},
    );
    setLoading(false);
    panel.refresh();
    toast({ title: 'Offline data ready', description: 'Valves, work orders and details are saved on this device.' });
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
        <Button variant="outline" onClick={clear} disabled={panel.stored.length === 0}>
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
              <QueuedWriteItem key={write.id} write={write} />
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
              <QueuedWriteItem key={write.id} write={write} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="cached-title" className="rounded-xl border border-slate-200 bg-white">
        <h2 id="cached-title" className="px-4 pt-3 text-lg font-bold text-slate-900">
          {TEXTS.offline.cachedTitle} ({panel.stored.length})
        </h2>
        {panel.stored.length === 0 ? (
          <p className="px-4 py-3 text-slate-600">{TEXTS.offline.nothingCached}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {[...panel.stored]
              .sort((a, b) => a.key.localeCompare(b.key))
              .map((read) => (
                <li key={read.key} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                  <span className="font-mono break-all text-slate-900">{read.key}</span>
                  <span className={isStale(read.timestamp) ? 'shrink-0 text-amber-800' : 'shrink-0 text-slate-600'}>
                    {age(read.timestamp)}
                    {isStale(read.timestamp) && ' (stale)'}
                  </span>
                </li>
              ))}
          </ul>
        )}
      </section>
    </div>
  );
}
