import { ChevronLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/session/use-can';
import { useProcedures } from './api/get-procedures';
import { useProcedure } from './api/save-procedure';
import { ProcedureEditor } from './components/procedure-editor';

type Editing = 'new' | number | null;

/** The organization's procedures; an engineer writes one or publishes its next version (issue 21). */
export function ProceduresScreen() {
  const canEdit = useCan('procedures:edit');
  const [editing, setEditing] = useState<Editing>(null);
  const procedures = useProcedures(true);
  if (editing !== null) return <EditProcedure editing={editing} onBack={() => setEditing(null)} />;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Procedures"
        action={
          canEdit ? (
            <Button onClick={() => setEditing('new')}>
              <Plus className="size-5" aria-hidden="true" />
              New procedure
            </Button>
          ) : null
        }
      />
      {procedures.isPending ? (
        <Skeleton className="h-24" />
      ) : procedures.isError ? (
        <LoadError error={procedures.error} onRetry={() => procedures.refetch()} />
      ) : procedures.data.length === 0 ? (
        <EmptyState>No procedures yet.</EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Procedures">
          {procedures.data.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                disabled={!canEdit}
                onClick={() => setEditing(p.id)}
                className="grid min-h-14 w-full rounded-lg border border-slate-200 bg-white p-3 text-left hover:bg-slate-50 disabled:hover:bg-white"
              >
                <span className="font-semibold text-slate-900">{p.name}</span>
                <span className="text-sm text-slate-600">
                  Version {p.currentVersion} · {p.stepCount} {p.stepCount === 1 ? 'step' : 'steps'}
                  {p.signOff.length ? ` · signed at ${p.signOff.join(', ')}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EditProcedure({ editing, onBack }: { editing: Exclude<Editing, null>; onBack: () => void }) {
  const current = useProcedure(editing === 'new' ? null : editing);
  return (
    <div className="mx-auto max-w-3xl">
      <Button variant="ghost" size="sm" onClick={onBack} className="mb-2">
        <ChevronLeft className="size-5" aria-hidden="true" />
        Procedures
      </Button>
      <PageHeader title={editing === 'new' ? 'New procedure' : (current.data?.name ?? 'Procedure')} />
      {editing === 'new' ? (
        <ProcedureEditor current={null} onDone={onBack} />
      ) : current.isPending ? (
        <Skeleton className="h-40" />
      ) : current.isError ? (
        <LoadError error={current.error} onRetry={() => current.refetch()} />
      ) : (
        <ProcedureEditor key={current.data.version} current={current.data} onDone={onBack} />
      )}
    </div>
  );
}
