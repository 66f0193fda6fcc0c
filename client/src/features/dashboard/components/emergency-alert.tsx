import { Siren } from 'lucide-react';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';

/** Spec §2.3: a static alert at the top of the dashboard; its details repeat the emergency instruction. */
export function EmergencyAlert() {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl bg-red-700 p-4 text-white shadow-sm sm:flex-row sm:items-center"
    >
      <p className="flex min-w-0 flex-1 items-center gap-3 text-lg font-bold">
        <Siren className="size-7 shrink-0" aria-hidden="true" />
        {TEXTS.dashboard.emergencyTitle}
      </p>
      <Dialog>
        <DialogTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            className="w-full border-white bg-white text-red-800 hover:bg-red-50 sm:w-auto"
          >
            {TEXTS.dashboard.emergencyButton}
          </Button>
        </DialogTrigger>
        <DialogContent title={TEXTS.dashboard.emergencyTitle}>
          <p className="flex items-start gap-3 rounded-lg bg-red-50 p-4 text-lg font-semibold text-red-900">
            <Siren className="mt-1 size-6 shrink-0" aria-hidden="true" />
            {TEXTS.fab.emergencyAlert}
          </p>
        </DialogContent>
      </Dialog>
    </div>
  );
}
