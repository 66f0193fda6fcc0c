import { DOCUMENT_KIND_LABELS, type ValveDocument } from '@common/schemas/documents';
import { Download, FileText, ImageIcon, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DeleteWithReasonDialog } from '@/components/delete-with-reason-dialog';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeletons } from '@/components/ui/skeleton';
import { formatBytes, formatDate } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import { useDeleteDocument, useDocuments } from '../api/documents';
import { DocumentUploadForm } from './document-upload-form';

/**
 * A valve's manuals, certificates and drawings: open (a new tab; the service worker keeps an opened file for
 * offline use), download, add, delete with a reason.
 */
export function ValveDocuments({ valveId, valveLabel }: { valveId: number; valveLabel: string }) {
  const { data, error, isPending, refetch } = useDocuments(valveId);
  const canWrite = useCan('maintenance:record');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ValveDocument | null>(null);
  const remove = useDeleteDocument();

  return (
    <div className="grid gap-3">
      {canWrite ? (
        <Button variant="outline" className="justify-self-start" onClick={() => setAdding(true)}>
          <Plus className="size-5" aria-hidden="true" /> Add Document
        </Button>
      ) : null}
      {error ? <LoadError error={error} onRetry={() => refetch()} /> : null}
      {isPending ? <Skeletons count={2} label="Loading documents" itemClassName="h-28" /> : null}
      {data?.length === 0 ? <EmptyState>No documents for this valve yet.</EmptyState> : null}
      {data?.length ? (
        <ul aria-label="Documents" className="grid gap-2 md:grid-cols-2">
          {data.map((document) => (
            <DocumentItem
              key={document.id}
              document={document}
              onDelete={canWrite ? () => setDeleting(document) : undefined}
            />
          ))}
        </ul>
      ) : null}
      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent title="Add Document" description={`A manual, certificate or drawing for ${valveLabel}`}>
          {adding ? <DocumentUploadForm valveId={valveId} onDone={() => setAdding(false)} /> : null}
        </DialogContent>
      </Dialog>
      <DeleteWithReasonDialog
        title="Delete document"
        what={deleting?.name ?? ''}
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDelete={async (reason) => {
          if (!deleting) return;
          await remove.mutateAsync({ id: deleting.id, valveId, body: { reason } });
          toast({ title: 'Document deleted', description: deleting.name });
        }}
      />
    </div>
  );
}

function DocumentItem({ document, onDelete }: { document: ValveDocument; onDelete?: () => void }) {
  const Icon = document.contentType === 'application/pdf' ? FileText : ImageIcon;
  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 bg-white p-3">
      <a
        href={document.url}
        target="_blank"
        rel="noopener"
        className="flex min-h-12 items-start gap-3 rounded-lg text-brand-800 hover:underline"
      >
        {/* An image shows itself (issue 29): the technician knows the plate photo from the drawing at a glance. */}
        {document.thumbnailUrl ? (
          <img
            src={document.thumbnailUrl}
            alt=""
            loading="lazy"
            className="size-16 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover"
          />
        ) : (
          <Icon className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
        )}
        <span className="min-w-0 text-base font-semibold break-words">{document.name}</span>
      </a>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <Badge tone="primary">{DOCUMENT_KIND_LABELS[document.kind]}</Badge>
        <span>{formatBytes(document.sizeBytes)}</span>
        <span>· {formatDate(document.createdAt)}</span>
        <span>· {document.uploadedBy ?? 'Unknown'}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={`${document.url}?download=1`} download className={buttonClasses('outline', 'md')}>
          <Download className="size-5" aria-hidden="true" /> Download
        </a>
        {onDelete ? (
          <Button variant="outline" onClick={onDelete} aria-label={`Delete ${document.name}`}>
            <Trash2 className="size-5" aria-hidden="true" /> Delete
          </Button>
        ) : null}
      </div>
    </li>
  );
}
