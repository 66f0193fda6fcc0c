import type { WorkRequest } from '@common/schemas/requests';
import { Check, GitMerge, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { REQUEST_TEXTS } from '../texts';
import { ApproveDialog } from './approve-dialog';
import { MergeDialog } from './merge-dialog';
import { RejectDialog } from './reject-dialog';

const T = REQUEST_TEXTS.triage;

type Open = 'approve' | 'merge' | 'reject' | null;

/** An open request's three decisions, for those who triage (requests:triage); each asks what it needs in a dialog. */
export function TriageButtons({ request }: { request: WorkRequest }) {
  const [open, setOpen] = useState<Open>(null);
  const dialog = (name: Exclude<Open, null>) => ({
    request,
    open: open === name,
    onOpenChange: (next: boolean) => setOpen(next ? name : null),
  });
  return (
    <>
      {/* Approve, the usual decision, has the full width; on a phone three side by side would clip their words. */}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Button className="col-span-2 sm:col-span-1" onClick={() => setOpen('approve')}>
          <Check className="size-5 shrink-0" aria-hidden="true" />
          {T.approve}
        </Button>
        <Button variant="outline" onClick={() => setOpen('merge')}>
          <GitMerge className="size-5 shrink-0" aria-hidden="true" />
          {T.merge}
        </Button>
        <Button variant="outline" onClick={() => setOpen('reject')}>
          <X className="size-5 shrink-0" aria-hidden="true" />
          {T.reject}
        </Button>
      </div>
      <ApproveDialog {...dialog('approve')} />
      <MergeDialog {...dialog('merge')} />
      <RejectDialog {...dialog('reject')} />
    </>
  );
}
