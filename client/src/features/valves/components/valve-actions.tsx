import { BookOpen, Camera, ClipboardPlus, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { TEXTS } from '@common/texts';
import type { ValveDetail } from '@common/schemas/valves';
import { LongText } from '@/components/long-text';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { toastNotYetAvailable } from '@/lib/toast';

const [NEW_WORK_ORDER, ADD_PHOTO, VIEW_MANUAL, SAFETY_PROTOCOL] = TEXTS.valves.buttons;

function TextDialogButton({
  label,
  icon,
  title,
  text,
  emptyText,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  text: string | null;
  emptyText: string;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          {icon}
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent title={title}>
        {text ? <LongText text={text} /> : <p className="text-base text-slate-600">{emptyText}</p>}
      </DialogContent>
    </Dialog>
  );
}

/** Spec §2.6's four buttons. The manual opens as plain text until the ten-tab manual dialog ships. */
export function ValveActions({ valve }: { valve: ValveDetail }) {
  return (
    <div className="mt-4 grid grid-cols-2 gap-2 md:grid-cols-4">
      <Button onClick={() => toastNotYetAvailable('Creating work orders')}>
        <ClipboardPlus className="size-5" aria-hidden="true" />
        {NEW_WORK_ORDER}
      </Button>
      <Button variant="outline" onClick={() => toastNotYetAvailable('Adding photos')}>
        <Camera className="size-5" aria-hidden="true" />
        {ADD_PHOTO}
      </Button>
      <TextDialogButton
        label={VIEW_MANUAL}
        icon={<BookOpen className="size-5" aria-hidden="true" />}
        title={`${valve.valveId} — Operating Manual`}
        text={valve.operatingManual}
        emptyText="No manual data available"
      />
      <TextDialogButton
        label={SAFETY_PROTOCOL}
        icon={<ShieldAlert className="size-5" aria-hidden="true" />}
        title={`${valve.valveId} — Safety Protocol`}
        text={valve.safetyProtocol}
        emptyText="No safety protocol on file for this valve."
      />
    </div>
  );
}
