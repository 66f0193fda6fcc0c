import type { Manual } from '@common/schemas/manuals';
import { TEXTS } from '@common/texts';
import { useMutation } from '@tanstack/react-query';
import { HttpError, httpErrorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';

export const manualPdfPath = (id: string) => `/api/manuals/${encodeURIComponent(id)}/pdf`;

/** GET /api/manuals/:id/pdf and hand the file to the browser as a download named after the manual and version. */
export async function downloadManualPdf(manual: Pick<Manual, 'id' | 'version'>): Promise<void> {
  const response = await fetch(manualPdfPath(manual.id), { credentials: 'include' });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new HttpError(response.status, httpErrorMessage(response.status, text, response.statusText));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${manual.id}-v${manual.version}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; keep the blob a moment for slow devices.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadManualPdf() {
  return useMutation({
    mutationFn: downloadManualPdf,
    // A download is not worth replaying later: say why it failed instead.
    retry: false,
    onError: (error) => {
      const offline = error instanceof TypeError || !navigator.onLine;
      toast({
        tone: 'danger',
        title: TEXTS.manuals.downloadFailed,
        description: offline ? TEXTS.manuals.downloadOffline : error.message,
      });
    },
  });
}
