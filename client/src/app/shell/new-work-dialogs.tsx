import { useNavigate } from 'react-router';
import { PhotoDocDialog } from '@/features/photos/components/photo-upload-dialog';
import { ValvePicker } from '@/features/valves/components/valve-picker';
import { WorkOrderFormDialog } from '@/features/work-orders/components/work-order-form-dialog';

export type NewWork = 'work-order' | 'photo' | null;

/**
 * New Work Order and Photo Documentation, from the action menu and the dashboard's quick actions: both ask for
 * the valve first (the valves feature's picker); a photo, once uploaded, is shown on its valve's Photos tab.
 */
export function NewWorkDialogs({ open, onOpenChange }: { open: NewWork; onOpenChange: (open: NewWork) => void }) {
  const navigate = useNavigate();
  return (
    <>
      <WorkOrderFormDialog
        open={open === 'work-order'}
        onOpenChange={(next) => onOpenChange(next ? 'work-order' : null)}
        valvePicker={ValvePicker}
      />
      <PhotoDocDialog
        open={open === 'photo'}
        onOpenChange={(next) => onOpenChange(next ? 'photo' : null)}
        valvePicker={ValvePicker}
        onUploaded={(valveId) => {
          onOpenChange(null);
          navigate(`/valves/${valveId}?tab=photos`);
        }}
      />
    </>
  );
}
