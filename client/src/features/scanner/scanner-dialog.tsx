import { QrCode } from 'lucide-react';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/** Spec §2.9's shell: the camera preview and valve ID entry arrive with the scanner issue. */
export function ScannerDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="QR Scanner" description="Scan a valve's QR code to open its details.">
        <div className="mx-auto flex aspect-square w-full max-w-sm items-center justify-center rounded-xl bg-slate-900 text-slate-400">
          <QrCode className="size-24" aria-hidden="true" />
        </div>
      </DialogContent>
    </Dialog>
  );
}
