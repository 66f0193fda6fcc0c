import { TEXTS } from '@common/texts';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

type Estimate = { usage: number; quota: number; persisted: boolean } | null;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** What the browser lets this app keep (navigator.storage), with the spec's fallback text and §9's guidance. */
export function StorageTab() {
  const [estimate, setEstimate] = useState<Estimate | 'loading'>('loading');

  const refresh = useCallback(async () => {
    try {
      if (!navigator.storage?.estimate) return setEstimate(null);
      const { usage = 0, quota = 0 } = await navigator.storage.estimate();
      const persisted = (await navigator.storage.persisted?.()) ?? false;
      setEstimate({ usage, quota, persisted });
    } catch (error) {
      console.warn('storage estimate unavailable', error);
      setEstimate(null);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const keepData = async () => {
    await navigator.storage.persist();
    await refresh();
  };

  if (estimate === 'loading') return null;
  if (estimate === null) return <p className="text-base text-slate-700">{TEXTS.offline.storageUnavailable}</p>;
  const percent = estimate.quota ? Math.min(100, (estimate.usage / estimate.quota) * 100) : 0;
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-base text-slate-900">
        {megabytes(estimate.usage)} used of {megabytes(estimate.quota)} available
      </p>
      <div
        className="h-3 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-valuenow={Math.round(percent)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-600">
        Keep 1 GB free on the device. Critical data takes about 50 MB, analytics about 100 MB, manuals about 200 MB.
      </p>
      {estimate.persisted ? (
        <p className="text-sm font-semibold text-green-800">{TEXTS.offline.persisted}</p>
      ) : (
        <Button variant="outline" onClick={keepData}>
          {TEXTS.offline.persist}
        </Button>
      )}
    </div>
  );
}
