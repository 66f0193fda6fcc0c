import { TEXTS } from '@common/texts';
import { BookOpen, ClipboardList, Siren } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';

/** What to do first when the emergency protocol is active, before any paperwork. */
const FIRST_STEPS = [
  'Stop work that is not part of the emergency response and make your area safe.',
  'Contact your supervisor and follow their instructions.',
  "At a valve, follow its Safety Protocol (open the valve, then Safety Protocol) and the plant's lockout/tagout rules.",
  'Use the Emergency Response Kit manual for isolation and shutdown procedures.',
];

/**
 * Spec §2.3: a static alert at the top of the dashboard. View Details repeats the instruction, lists the first
 * steps, and leads to the emergency manual and the open work.
 */
export function EmergencyAlert() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const go = (path: string) => {
    setOpen(false);
    navigate(path);
  };

  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl bg-red-700 p-4 text-white shadow-sm sm:flex-row sm:items-center"
    >
      <p className="flex min-w-0 flex-1 items-center gap-3 text-lg font-bold">
        <Siren className="size-7 shrink-0" aria-hidden="true" />
        {TEXTS.dashboard.emergencyTitle}
      </p>
      <Dialog open={open} onOpenChange={setOpen}>
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
          <h3 className="mt-4 text-base font-bold text-slate-900">First steps</h3>
          <ol className="mt-2 grid gap-2 text-base text-slate-800">
            {FIRST_STEPS.map((step, index) => (
              <li key={step} className="flex gap-2">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-red-100 text-sm font-bold text-red-900">
                  {index + 1}
                </span>
                <span className="min-w-0">{step}</span>
              </li>
            ))}
          </ol>
          <div className="mt-4 grid gap-2 sm:grid-cols-2">
            <Button variant="danger" onClick={() => go('/manuals')}>
              <BookOpen className="size-5 shrink-0" aria-hidden="true" />
              Emergency Response Kit
            </Button>
            <Button variant="outline" onClick={() => go('/work-orders')}>
              <ClipboardList className="size-5 shrink-0" aria-hidden="true" />
              Open Work Orders
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
