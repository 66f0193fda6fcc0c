import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import type { ImportOutcome, ImportProgress } from './chunked-import';
import type { RowProblem } from './csv-mapping';
import { ProblemList } from './import-preview';
import { IMPORT_TEXTS as T } from './texts';

/** Chunks done of chunks to send: the bar moves when the server has confirmed a chunk, not before. */
export function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const { chunksDone, chunksTotal, readingsDone, readingsTotal } = progress;
  const percent = chunksTotal === 0 ? 100 : Math.min(100, (chunksDone / chunksTotal) * 100);
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label={T.importing}
        aria-valuemin={0}
        aria-valuemax={chunksTotal}
        aria-valuenow={chunksDone}
        aria-valuetext={T.progress(chunksDone, chunksTotal, readingsDone, readingsTotal)}
        className="h-4 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700 tabular-nums" aria-live="polite">
        {T.progress(chunksDone, chunksTotal, readingsDone, readingsTotal)}
      </p>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900 tabular-nums">{value.toLocaleString('en-US')}</dd>
    </div>
  );
}

/** What the import did: rows read, readings written and already stored, rows skipped and why, chunks refused. */
export function ImportSummary({
  rowsRead,
  problems,
  outcome,
  onAgain,
}: {
  rowsRead: number;
  problems: RowProblem[];
  outcome: ImportOutcome;
  onAgain: () => void;
}) {
  const skippedRows = new Set(problems.map((p) => p.row)).size;
  return (
    <section aria-labelledby="import-summary" className="grid gap-3">
      <h2 id="import-summary" className="text-lg font-bold text-slate-900">
        {outcome.stopped ? T.summaryStopped : T.summaryTitle}
      </h2>
      {outcome.stopped ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {T.stoppedNote(outcome.stopped.chunksDone, outcome.stopped.reason)}
        </p>
      ) : null}
      <dl aria-label={T.summaryTitle} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label={T.rowsRead} value={rowsRead} />
        <Figure label={T.written} value={outcome.inserted} />
        <Figure label={T.corrected} value={outcome.updated} />
        <Figure label={T.alreadyStored} value={outcome.duplicates} />
        <Figure label={T.skippedRows} value={skippedRows} />
      </dl>
      <ProblemList problems={problems} title={T.skippedTitle} />
      {outcome.refused.length > 0 ? (
        <div className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          <h3 className="font-semibold">{T.refusedTitle}</h3>
          <ul className="mt-1 grid gap-1 text-sm">
            {outcome.refused.map((chunk) => (
              <li key={chunk.firstRow} className="break-words">
                <span className="font-semibold">{T.refusedRows(chunk.firstRow, chunk.lastRow, chunk.readings)}</span>:{' '}
                {chunk.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onAgain}>
          {T.importAnother}
        </Button>
        <Link to="/analytics" className={buttonClasses('primary')}>
          {T.viewAnalytics}
        </Link>
      </div>
    </section>
  );
}
