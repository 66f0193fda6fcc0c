import type { OfflineEstimate } from '@common/schemas/offline-sync';
import { type BudgetVerdict, type DownloadEstimate, estimateDownload, megabytes } from '@/lib/offline/budget';
import { plantsToKeep, togglePlant } from '@/lib/offline/kept-plants';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "About 3.4 MB for 2,000 valves, 150 work orders": the size before anything is downloaded. */
export const estimateLine = (e: DownloadEstimate) =>
  `About ${megabytes(e.bytes)} for ${count(e.valves, 'valve', 'valves')}, ${count(e.workOrders, 'work order', 'work orders')}` +
  (e.reliefTags ? `, ${count(e.reliefTags, 'relief valve tag', 'relief valve tags')}` : '');

/**
 * Which plants this phone keeps (all the user may see unless they pick), each with its size, and the size of the
 * whole download against the storage guidance of spec §9.
 */
export function KeepPlants({
  estimate,
  choice,
  budget,
  onChange,
}: {
  estimate: OfflineEstimate;
  choice: string[] | null;
  budget: BudgetVerdict;
  onChange: (next: string[] | null) => void;
}) {
  const visible = estimate.plants.map((p) => p.plant);
  const kept = plantsToKeep(choice, visible);
  return (
    <section aria-labelledby="keep-title" className="rounded-xl border border-slate-200 bg-white">
      <h2 id="keep-title" className="px-4 pt-3 text-lg font-bold text-slate-900">
        Plants to keep on this device
      </h2>
      <ul className="divide-y divide-slate-200">
        {estimate.plants.map((p) => (
          <li key={p.plant}>
            <label className="flex min-h-14 cursor-pointer items-center gap-3 px-4 py-2">
              <input
                type="checkbox"
                className="size-6 shrink-0 accent-brand-700"
                checked={kept.includes(p.plant)}
                onChange={(event) => onChange(togglePlant(choice, visible, p.plant, event.target.checked))}
              />
              <span className="min-w-0 flex-1">
                <span className="block text-base font-medium text-slate-900">{p.plant}</span>
                <span className="block text-sm text-slate-600">{estimateLine(estimateDownload([p], [p.plant]))}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p className="px-4 pt-2 text-base font-semibold text-slate-900" data-testid="download-estimate">
        {kept.length === 0
          ? 'No plant picked: nothing will be kept.'
          : estimateLine(estimateDownload(estimate.plants, kept))}
      </p>
      {budget.message ? (
        <p
          role={budget.verdict === 'refuse' ? 'alert' : 'note'}
          className={`mx-4 mt-2 rounded-lg px-3 py-2 text-sm ${
            budget.verdict === 'refuse' ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-950'
          }`}
        >
          {budget.message}
        </p>
      ) : null}
      <div className="h-3" />
    </section>
  );
}
