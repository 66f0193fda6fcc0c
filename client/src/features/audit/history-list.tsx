import type { HistoryEntry } from '@common/schemas/audit';
import { Download } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { FormAlert } from '@/components/form-parts';
import { MEANINGS } from '@/components/signature-line';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { readApiError } from '@/lib/api-error';
import { useCan } from '@/lib/session/use-can';
import { type HistoryEntity, useHistory } from './get-history';

/**
 * The record's audit trail, newest first, in words: who, when on the plant's clock, from which device, each field
 * by its label from what to what. The whole trail as CSV in the same words; an admin may also take the raw log.
 */
export function HistoryList({ entity, id }: { entity: HistoryEntity; id: number }) {
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useHistory(entity, id);
  const mayTakeRawLog = useCan('users:manage');
  if (isPending) return <Skeletons count={3} label="Loading history" itemClassName="h-16" />;
  if (error) return <FormAlert title="History could not be loaded">{readApiError(error).message}</FormAlert>;
  const entries = data.pages.flat();
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        <a href={`/api/history/${entity}/${id}?format=csv`} download className={buttonClasses('outline', 'md')}>
          <Download aria-hidden className="size-5" /> Export CSV
        </a>
        {mayTakeRawLog ? (
          <a href={`/api/history/${entity}/${id}?format=raw`} download className={buttonClasses('ghost', 'md')}>
            <Download aria-hidden className="size-5" /> Raw audit log
          </a>
        ) : null}
      </div>
      {entries.length === 0 ? <EmptyState>No changes recorded yet.</EmptyState> : null}
      <ol className="grid gap-2" aria-label="Change history">
        {entries.map((entry) => (
          <HistoryItem key={entry.id} entry={entry} />
        ))}
      </ol>
      {hasNextPage ? (
        <Button variant="outline" disabled={isFetchingNextPage} onClick={() => fetchNextPage()}>
          {isFetchingNextPage ? 'Loading…' : 'Show older changes'}
        </Button>
      ) : null}
    </div>
  );
}

/** A document or photo taken away with a reason: the row stays, marked; read as a deletion and its reason. */
const deletionReason = (entry: HistoryEntry) =>
  entry.changes.find((c) => c.field === 'deletion_reason' && typeof c.to === 'string')?.to as string | undefined;

/** A signature's entry says what it is: "Signed (Performed)", or an amendment with its reason (migration 0023). */
function signatureTitle(entry: HistoryEntry) {
  if (entry.table !== 'signatures' || entry.action !== 'insert') return null;
  const value = (field: string) => entry.changes.find((c) => c.field === field)?.to;
  const meaning = MEANINGS[value('meaning') as keyof typeof MEANINGS] ?? 'Signed';
  return value('kind') === 'amendment'
    ? { title: `Amended after signing (${meaning})`, reason: String(value('amendment_text') ?? '') }
    : { title: `Signed (${meaning})`, reason: null };
}

const ACTIONS = { insert: 'created', update: 'changed', delete: 'deleted' } as const;

/** When (the plant's clock), who, and from which device. */
function EntryLine({ entry, device }: { entry: HistoryEntry; device?: boolean }) {
  return (
    <p className="text-slate-600">
      <time dateTime={entry.changedAt}>{entry.when}</time> · {entry.who}
      {device && entry.deviceName ? ` · ${entry.deviceName}` : ''}
    </p>
  );
}

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const signed = signatureTitle(entry);
  if (signed) {
    return (
      <li className="rounded-lg border border-green-200 bg-white p-3 text-sm">
        <p className="font-semibold text-slate-900">{signed.title}</p>
        <EntryLine entry={entry} />
        {signed.reason ? (
          <p className="mt-1 break-words text-slate-800">
            <span className="font-medium">Reason</span>: {signed.reason}
          </p>
        ) : null}
      </li>
    );
  }
  const reason = deletionReason(entry);
  if (reason !== undefined) {
    return (
      <li className="rounded-lg border border-red-200 bg-white p-3 text-sm">
        <p className="font-semibold text-slate-900">{entry.record} deleted</p>
        <EntryLine entry={entry} />
        <p className="mt-1 break-words text-slate-800">
          <span className="font-medium">Reason</span>: {reason}
        </p>
      </li>
    );
  }
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <p className="font-semibold text-slate-900">
        {entry.record} {ACTIONS[entry.action]}
      </p>
      <EntryLine entry={entry} device />
      {entry.changes.length ? (
        <ul className="mt-1 grid gap-0.5 text-slate-800">
          {entry.changes.map((c) => (
            <li key={c.field} className="break-words">
              <span className="font-medium">{c.label}</span>:{' '}
              {entry.action === 'insert' ? c.toText : `${c.fromText} → ${c.toText}`}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
