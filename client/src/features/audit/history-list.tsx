import type { HistoryEntry } from '@common/schemas/audit';
import { Download } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { FormAlert } from '@/components/form-parts';
import { MEANINGS } from '@/components/signature-line';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import { readApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { type HistoryEntity, useHistory } from './get-history';

const TABLES: Record<string, string> = {
  valves: 'Valve',
  work_orders: 'Work order',
  maintenance_records: 'Maintenance record',
  procedure_runs: 'Procedure',
  procedure_step_results: 'Procedure step',
  signatures: 'Signature',
  procedures: 'Procedure',
  valve_documents: 'Document',
  photos: 'Photo',
};
const ACTIONS = { insert: 'created', update: 'changed', delete: 'deleted' } as const;

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '(empty)'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
const fieldName = (field: string) => field.replaceAll('_', ' ');

/** The record's audit trail, newest first, each change as field: old → new; the whole trail as CSV. */
export function HistoryList({ entity, id }: { entity: HistoryEntity; id: number }) {
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useHistory(entity, id);
  if (isPending) return <Skeletons count={3} label="Loading history" itemClassName="h-16" />;
  if (error) return <FormAlert title="History could not be loaded">{readApiError(error).message}</FormAlert>;
  const entries = data.pages.flat();
  return (
    <div className="grid gap-3">
      <a
        href={`/api/history/${entity}/${id}?format=csv`}
        download
        className={buttonClasses('outline', 'md', 'justify-self-start')}
      >
        <Download aria-hidden className="size-5" /> Export CSV
      </a>
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

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const signed = signatureTitle(entry);
  if (signed) {
    return (
      <li className="rounded-lg border border-green-200 bg-white p-3 text-sm">
        <p className="font-semibold text-slate-900">{signed.title}</p>
        <p className="text-slate-600">
          {formatDateTime(entry.changedAt)} · {entry.userName ?? 'System'}
        </p>
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
        <p className="font-semibold text-slate-900">{TABLES[entry.table] ?? entry.table} deleted</p>
        <p className="text-slate-600">
          {formatDateTime(entry.changedAt)} · {entry.userName ?? 'System'}
        </p>
        <p className="mt-1 break-words text-slate-800">
          <span className="font-medium">Reason</span>: {reason}
        </p>
      </li>
    );
  }
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <p className="font-semibold text-slate-900">
        {TABLES[entry.table] ?? entry.table} {ACTIONS[entry.action]}
      </p>
      <p className="text-slate-600">
        {formatDateTime(entry.changedAt)} · {entry.userName ?? 'System'}
        {entry.device ? ` · ${entry.device.slice(0, 60)}` : ''}
      </p>
      {entry.changes.length ? (
        <ul className="mt-1 grid gap-0.5 text-slate-800">
          {entry.changes.map((c) => (
            <li key={c.field} className="break-words">
              <span className="font-medium">{fieldName(c.field)}</span>: {shown(c.from)} → {shown(c.to)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
