import { TEXTS } from '@common/texts';
import { CloudUpload } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** 'Pending sync': what is kept on the device until it is sent, marked the same way on every screen. */
export function PendingBadge({ className }: { className?: string }) {
  return (
    <Badge tone="info" className={className}>
      <CloudUpload className="mr-1 size-4" aria-hidden="true" />
      {TEXTS.offline.pending}
    </Badge>
  );
}
