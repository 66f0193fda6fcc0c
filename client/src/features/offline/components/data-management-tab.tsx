import { TEXTS } from '@common/texts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { checkBudget, estimateDownload, megabytes, type StorageRoom, storageRoom } from '@/lib/offline/budget';
import { cachedGet } from '@/lib/offline/cached-get';
import { useDownloadProgress } from '@/lib/offline/download-progress';
import { describeKeptCopy } from '@/lib/offline/kept-copy';
import { clearKeptPhotos, type KeptPhotoFigures } from '@/lib/offline/kept-photos';
import { onKeptPlantsChange, plantsToKeep, readKeptPlants, saveKeptPlants } from '@/lib/offline/kept-plants';
import { formatAge } from '@/lib/offline/offline-answers';
import { dropPlantsNotKept } from '@/lib/offline/offline-copy';
import { preload } from '@/lib/offline/preload';
import { clearStoredReads, isStale } from '@/lib/offline/read-cache';
import { readSettings } from '@/lib/offline/settings';
import { toast } from '@/lib/toast';
import { useOfflineEstimate } from '../api/get-offline-estimate';
import type { OfflinePanel } from '../use-offline-panel';
import { DownloadProgressBar } from './download-progress';
import { KeepPlants } from './keep-plants';
import { QueuedWriteItem } from './queued-write-item';

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/** Thumbnails are a few kB each: under 0.1 MB the size is said in kB, not as "0.0 MB". */
const fileSize = (bytes: number) => (bytes < 100_000 ? `${Math.ceil(bytes / 1000)} kB` : megabytes(bytes));

/** "24 photo thumbnails (310 kB), 2 full images (2.1 MB)": the photo files beside the records. */
const photoLine = (p: KeptPhotoFigures) =>
  `${p.thumbnails} photo ${p.thumbnails === 1 ? 'thumbnail' : 'thumbnails'} (${fileSize(p.thumbnailBytes)})` +
  (p.images ? `, ${p.images} full ${p.images === 1 ? 'image' : 'images'} (${fileSize(p.imageBytes)})` : '');

// Read on first use, not on import: the landing page's build-time render has no localStorage.
let choiceSnapshot: string[] | null | undefined;
const subscribeChoice = (onChange: () => void) =>
  onKeptPlantsChange(() => {
    choiceSnapshot = readKeptPlants();
    onChange();
  });
const getChoice = () => {
  if (choiceSnapshot === undefined) choiceSnapshot = readKeptPlants();
  return choiceSnapshot;
};

/** Preload now, what is saved and how old, the queue and its needs-attention part, and clearing the cache. */
export function DataManagementTab({ panel }: { panel: OfflinePanel }) {
  const [loading, setLoading] = useState(false);
  const pending = panel.queue.filter((w) => !w.attention);
  const attention = panel.queue.filter((w) => w.attention);
  const kept = panel.kept;
  const estimate = useOfflineEstimate().data;
  const choice = useSyncExternalStore(subscribeChoice, getChoice, getChoice);
  const progress = useDownloadProgress();
  const [room, setRoom] = useState<StorageRoom | null>(null);
  useEffect(() => {
    void storageRoom().then(setRoom);
  }, []);
  const chosen = estimate
    ? plantsToKeep(
        choice,
        estimate.plants.map((p) => p.plant),
      )
    : [];
  // Only what is not on the device yet counts against the room left.
  const planned = estimate ? estimateDownload(estimate.plants, chosen).bytes : 0;
  const budget = checkBudget(Math.max(0, planned - (kept?.bytes ?? 0)), room);

  const choose = async (next: string[] | null) => {
    saveKeptPlants(next);
    await dropPlantsNotKept(next);
    panel.refresh();
  };

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
      description: TEXTS.offline.keptSummary(kept.valves, kept.workOrders, mb(kept.bytes)),
    });
  };
  const clear = async () => {
    if (!window.confirm('Clear the data saved on this device? Changes waiting to sync are kept.')) return;
    await clearStoredReads();
    await clearKeptPhotos();
    panel.refresh();
  };

  return (
    <div className="space-y-6">
      {/* What to keep and its size first, the button right under it: choose, then download. */}
      {estimate && estimate.plants.length > 0 ? (
        <KeepPlants estimate={estimate} choice={choice} budget={budget} onChange={choose} />
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button
          onClick={preloadNow}
          disabled={loading || !navigator.onLine || budget.verdict === 'refuse' || (!!estimate && chosen.length === 0)}
        >
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

      {progress ? <DownloadProgressBar progress={progress} /> : null}

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
              {TEXTS.offline.keptSummary(kept.valves, kept.workOrders, mb(kept.bytes))}
            </p>
            <p className="px-4 text-base text-slate-900" data-testid="kept-photos">
              {photoLine(kept.photos)}
            </p>
            <ul className="divide-y divide-slate-200">
              {kept.plants.map((p) => (
                <li key={p.plant} className="px-4 py-2 text-sm" data-testid="kept-plant">
                  <span className="flex justify-between gap-3">
                    <span className="font-medium text-slate-900">{p.plant}</span>
                    <span className="shrink-0 text-slate-600">{megabytes(p.bytes)}</span>
                  </span>
                  <span className="block text-slate-600">
                    {p.valves} {p.valves === 1 ? 'valve' : 'valves'}, {p.workOrders}{' '}
                    {p.workOrders === 1 ? 'work order' : 'work orders'}
                    {p.reliefTags ? `, ${p.reliefTags} relief valve ${p.reliefTags === 1 ? 'tag' : 'tags'}` : ''} ·
                    synced {formatAge(p.syncedAt)}
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
