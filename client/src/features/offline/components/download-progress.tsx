import { megabytes } from '@/lib/offline/budget';
import type { DownloadProgress } from '@/lib/offline/download-progress';

/** While the copy downloads: which plant, records done of the total, and megabytes received of the estimate. */
export function DownloadProgressBar({ progress }: { progress: DownloadProgress }) {
  const { plant, itemsDone, itemsTotal, bytesDone, bytesTotal } = progress;
  const percent = itemsTotal > 0 ? Math.min(100, Math.round((itemsDone / itemsTotal) * 100)) : 0;
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-testid="download-progress">
      <p className="text-base font-semibold text-slate-900">Downloading {plant}…</p>
      <div
        className="h-3 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Offline download"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700">
        {itemsDone.toLocaleString('en-US')} of {itemsTotal.toLocaleString('en-US')} records ·{' '}
        {bytesDone < bytesTotal
          ? `${megabytes(bytesDone)} of about ${megabytes(bytesTotal)}`
          : `${megabytes(bytesDone)} received`}
      </p>
    </div>
  );
}
