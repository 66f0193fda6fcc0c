import { can } from '@common/permissions';
import type { Emergency } from '@common/schemas/emergencies';
import { TEXTS } from '@common/texts';
import { BookOpen, ClipboardList, Siren } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session/session-query';
import { useEmergencies } from '../api/get-emergencies';
import { EMERGENCY_TEXTS as E } from '../texts';
import { ClearEmergencyForm } from './clear-emergency-form';

/** What everyone does first in an emergency, before any paperwork: the plant's procedure. */
const FIRST_STEPS = [
  'Stop work that is not part of the emergency response and make your area safe.',
  'Contact your supervisor and follow their instructions.',
  "At a valve, follow its Safety Protocol (open the valve, then Safety Protocol) and the plant's lockout/tagout rules.",
  'Use the Emergency Response Kit manual for isolation and shutdown procedures.',
];

/**
 * Spec §2.3's red alert, made real (issue 17): one per emergency in force in the user's plants, saying where and
 * who raised it; nothing when there is none. View Details shows the reason, who and when, and the procedure; a
 * supervisor clears it there.
 */
export function EmergencyBanner() {
  const emergencies = useEmergencies();
  if (!emergencies.data?.length) return null;
  return (
    <div className="grid gap-2">
      {emergencies.data.map((emergency) => (
        <EmergencyAlert key={emergency.id} emergency={emergency} />
      ))}
    </div>
  );
}

function EmergencyAlert({ emergency }: { emergency: Emergency }) {
  const navigate = useNavigate();
  const role = useSession().data?.role ?? '';
  const [open, setOpen] = useState(false);
  const [clearing, setClearing] = useState(false);
  const go = (path: string) => {
    setOpen(false);
    navigate(path);
  };
  const raisedBy = E.raisedBy(emergency.raisedBy?.name ?? E.someone, formatDateTime(emergency.raisedAt));

  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl bg-red-700 p-4 text-white shadow-sm sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Siren className="size-7 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-lg font-bold">{TEXTS.dashboard.emergencyTitle}</p>
          <p className="text-sm break-words text-red-50">
            {emergency.plant} · {raisedBy}
          </p>
        </div>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setClearing(false);
        }}
      >
        <DialogTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            className="w-full border-white bg-white text-red-800 hover:bg-red-50 sm:w-auto"
          >
            {TEXTS.dashboard.emergencyButton}
          </Button>
        </DialogTrigger>
        <DialogContent title={`${TEXTS.dashboard.emergencyTitle}: ${emergency.plant}`}>
          <div className="flex items-start gap-3 rounded-lg bg-red-50 p-4 text-red-900">
            <Siren className="mt-1 size-6 shrink-0" aria-hidden="true" />
            <div className="min-w-0">
              <p className="text-lg font-semibold">{TEXTS.fab.emergencyAlert}</p>
              <p className="mt-1 text-base break-words">{emergency.reason}</p>
            </div>
          </div>
          <p className="mt-2 text-base text-slate-700">{raisedBy}</p>
          <h3 className="mt-4 text-base font-bold text-slate-900">{E.procedure}</h3>
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
          <div className="mt-4 border-t border-slate-200 pt-4">
            {clearing ? (
              <ClearEmergencyForm emergency={emergency} onCancel={() => setClearing(false)} />
            ) : (
              <Button
                variant="outline"
                className="w-full"
                disabled={!can(role, 'emergencies:clear')}
                onClick={() => setClearing(true)}
              >
                {E.clear}
              </Button>
            )}
            {can(role, 'emergencies:clear') ? null : <p className="mt-1 text-sm text-slate-600">{E.clearOnly}</p>}
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
