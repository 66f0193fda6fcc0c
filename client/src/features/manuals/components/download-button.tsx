import type { Manual } from '@common/schemas/manuals';
import { TEXTS } from '@common/texts';
import { Download, LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useDownloadManualPdf } from '../api/download-manual-pdf';

/** Downloads the manual as a PDF made by the server; the button says so while the file is on its way. */
export function DownloadButton({ manual, className }: { manual: Manual; className?: string }) {
  const download = useDownloadManualPdf();
  return (
    <Button
      variant="outline"
      size="sm"
      className={cn('w-full', className)}
      disabled={download.isPending}
      onClick={() => download.mutate(manual)}
    >
      {download.isPending ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <Download className="size-4" aria-hidden="true" />
      )}
      {TEXTS.manuals.download}
      <span className="sr-only">{manual.title}</span>
    </Button>
  );
}
