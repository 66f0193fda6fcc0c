import { TEXTS } from '@common/texts';
import { CloudUpload } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** The dashed frame of something kept on the device until it is sent (a note, a work order, hours, a photo). */
export const PENDING_FRAME = 'border-2 border-dashed border-sky-400 bg-sky-50';

/** 'Pending sync': what is kept on the device until it is sent, marked the same way on every screen. */
export function PendingBadge({ className }: { className?: string }) {
  return (
    <Badge tone="info" className={className}>
      <CloudUpload className="mr-1 size-4" aria-hidden="true" />
      {TEXTS.offline.pending}
    </Badge>
  );
}
