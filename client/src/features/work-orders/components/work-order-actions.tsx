import { Camera, CircleCheck, RefreshCw, StickyNote } from 'lucide-react';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { toastNotYetAvailable } from '@/lib/toast';

const [COMPLETE, ADD_PHOTO, ADD_NOTE, UPDATE_STATUS] = TEXTS.workOrders.buttons;

/** Spec §2.8's four buttons; their writes ship with the work-execution release. */
export function WorkOrderActions() {
  return (
    <div className="mt-4 grid grid-cols-2 gap-2 md:grid-cols-4">
      <Button
        className="bg-green-700 hover:bg-green-800 active:bg-green-900"
        onClick={() => toastNotYetAvailable('Completing work orders')}
      >
        <CircleCheck className="size-5" aria-hidden="true" />
        {COMPLETE}
      </Button>
      <Button variant="outline" onClick={() => toastNotYetAvailable('Adding photos')}>
        <Camera className="size-5" aria-hidden="true" />
        {ADD_PHOTO}
      </Button>
      <Button variant="outline" onClick={() => toastNotYetAvailable('Adding notes')}>
        <StickyNote className="size-5" aria-hidden="true" />
        {ADD_NOTE}
      </Button>
      <Button variant="outline" onClick={() => toastNotYetAvailable('Updating the status')}>
        <RefreshCw className="size-5" aria-hidden="true" />
        {UPDATE_STATUS}
      </Button>
    </div>
  );
}
